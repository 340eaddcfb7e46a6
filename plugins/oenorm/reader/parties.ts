/**
 * ÖNORM A 2063 contacts (`kontakt.type` of `ontypdef.xsd`: `firma{name, kommunikation, kontaktperson}` or
 * `person{vorname, nachname, kommunikation}`; `kommunikation{adresse{strasse, ort, plz, land}, telefon, fax,
 * email, www}`) → the model's `PartyInformationDto` (`www`, which the model has no field for, kept as the extra field
 * `www`). The leaves are collected with the name of the element that holds them, so that the firm's address wins over
 * its contact person's.
 */
import type { PartyInformationDto } from '../../../core/model/types.js';

/** A contact being read from the events below its `kontakt.type` element: leaves by path (first value wins). */
export class PartyDraft {
  private readonly values = new Map<string, string>();
  /** Open elements below the contact element. */
  private readonly path: string[] = [];
  private text = '';

  open(name: string): void {
    this.path.push(name);
    this.text = '';
  }

  onText(t: string): void {
    this.text += t;
  }

  /** End tag below the contact element: a leaf's text is kept under its path (`firma/kommunikation/telefon`). */
  close(): void {
    const text = this.text.trim();
    if (text !== '') {
      const key = this.path.join('/');
      if (!this.values.has(key)) this.values.set(key, text);
    }
    this.path.pop();
    this.text = '';
  }

  private first(...keys: string[]): string | undefined {
    for (const k of keys) {
      const v = this.values.get(k);
      if (v !== undefined) return v;
    }
    return undefined;
  }

  /** The party: firm or person name, address, phone, fax, e-mail, web address, contact person. */
  finish(): PartyInformationDto | undefined {
    const party: PartyInformationDto = {};
    const person = [this.first('person/vorname'), this.first('person/nachname')].filter(Boolean).join(' ');
    const name = this.first('firma/name') ?? (person || undefined);
    const set = (field: keyof PartyInformationDto, value: string | undefined) => {
      if (value !== undefined && value !== '') party[field] = value;
    };
    set('name', name);
    for (const owner of ['firma', 'person', 'firma/kontaktperson']) {
      const at = `${owner}/kommunikation`;
      set('street', party.street ?? this.first(`${at}/adresse/strasse`));
      set('city', party.city ?? this.first(`${at}/adresse/ort`));
      set('zipCode', party.zipCode ?? this.first(`${at}/adresse/plz`));
      set('countryCode', party.countryCode ?? this.first(`${at}/adresse/land`));
      set('phone', party.phone ?? this.first(`${at}/telefon`));
      set('fax', party.fax ?? this.first(`${at}/fax`));
      set('email', party.email ?? this.first(`${at}/email`));
      if (party.www === undefined) set('www', this.first(`${at}/www`));
    }
    const contact = [this.first('firma/kontaktperson/vorname'), this.first('firma/kontaktperson/nachname')].filter(Boolean).join(' ');
    set('contactPersonName', contact || undefined);
    return Object.keys(party).length > 0 ? party : undefined;
  }
}
