// The convert section: files dropped or picked, each one's source recognised by the gateway, one target for
// all, the options of the routes involved (rendered from the OpenAPI document), per-file progress, messages
// and download, and all results as one ZIP (fflate, bundled by the gateway).
import { zipSync } from './vendor/fflate.js';
import { PageProblem, convert, detectSource } from './api.js';
import { clear, h, saveBlob, uid, wordParts } from './dom.js';
import { optionText, t, unofferedValues } from './i18n.js';

/** How many conversions run at once. */
const PARALLEL = 3;

export class ConvertView {
  /**
   * @param {object} deps `routes` (from the OpenAPI document), `authorize(method, url)` (the request's
   *   `{ headers, nonce }` with the signed-in user's token, `auth.js`; undefined when no token is needed; throws a
   *   `PageProblem` when the sign-in is missing or has expired), `onUnauthorized()` (a 401 answer: the page forgets
   *   the sign-in; returns the key of the text to show), `onView(project, title, fileElement)` (opens the BoQ view),
   *   `onViewError(file, message)`, `elements` (the section's controls)
   */
  constructor({ routes, authorize, onUnauthorized, onView, onViewError, elements }) {
    this.routes = routes;
    this.authorize = authorize;
    this.onUnauthorized = onUnauthorized;
    this.onView = onView;
    this.onViewError = onViewError;
    this.el = elements;
    this.items = [];
    this.values = new Map(); // option name → chosen value
    this.el.files.addEventListener('change', () => { this.add([...this.el.files.files]); this.el.files.value = ''; });
    this.el.drop.addEventListener('dragover', (e) => { e.preventDefault(); this.el.drop.classList.add('over'); });
    this.el.drop.addEventListener('dragleave', () => this.el.drop.classList.remove('over'));
    this.el.drop.addEventListener('drop', (e) => {
      e.preventDefault();
      this.el.drop.classList.remove('over');
      this.add([...(e.dataTransfer?.files ?? [])]);
    });
    this.el.target.addEventListener('change', () => { this.renderOptions(); this.items.forEach((i) => this.update(i)); });
    this.el.convertAll.addEventListener('click', () => this.convertAll());
    this.el.zipAll.addEventListener('click', () => this.downloadZip());
    this.el.clear.addEventListener('click', () => { this.items = []; clear(this.el.list); this.render(); });
    this.render();
  }

  /** The route of an item for the selected target, if the matrix has one. */
  routeOf(item, target = this.el.target.value) {
    return this.routes.find((r) => r.source === item.detected?.source && r.target === target);
  }

  add(files) {
    for (const file of files) {
      const item = { id: uid('file'), file, state: 'detecting', progress: 0 };
      this.items.push(item);
      this.el.list.append(this.itemElement(item));
      detectSource(file).then((detected) => {
        item.detected = detected;
        item.state = detected.error ? 'unknown' : 'ready';
        this.render();
      }, (err) => { item.detected = { error: String(err) }; item.state = 'unknown'; this.render(); });
    }
    this.render();
  }

  /** Re-renders the target list, the options and every item (after changes and language switches). */
  render() {
    const sources = new Set(this.items.map((i) => i.detected?.source).filter(Boolean));
    const targets = new Map();
    for (const r of this.routes) if (sources.size === 0 || sources.has(r.source)) targets.set(r.target, r.targetName);
    const selected = this.el.target.value;
    clear(this.el.target);
    for (const [id, name] of targets) this.el.target.append(h('option', { value: id, text: `${name} (${id})` }));
    if (targets.has(selected)) this.el.target.value = selected;
    this.renderOptions();
    for (const item of this.items) this.update(item);
  }

  /** The routes the listed files take to the selected target. */
  activeRoutes() {
    const routes = [];
    for (const item of this.items) {
      const route = this.routeOf(item);
      if (route && !routes.includes(route)) routes.push(route);
    }
    return routes;
  }

  renderOptions() {
    const routes = this.activeRoutes();
    const list = this.el.optionList;
    clear(list);
    this.el.optionsEmpty.hidden = routes.length > 0;
    const byName = new Map();
    for (const route of routes) {
      for (const option of route.options) {
        if (!byName.has(option.name)) byName.set(option.name, { option, routes: [] });
        byName.get(option.name).routes.push(`${route.sourceName} → ${route.targetName}`);
      }
    }
    for (const { option, routes: usedBy } of byName.values()) list.append(this.optionControl(option, usedBy.length < routes.length ? usedBy : undefined));
  }

  optionControl(option, usedBy) {
    const id = `opt-${option.name}`;
    const descId = `${id}-desc`;
    const value = this.values.has(option.name) ? this.values.get(option.name) : option.default;
    const set = (v) => this.values.set(option.name, v);
    let control;
    let unoffered = [];
    if (option.type === 'boolean') {
      control = h('input', { type: 'checkbox', id, 'aria-describedby': descId, onChange: (e) => set(e.target.checked) });
      control.checked = value === true;
    } else if (option.enum) {
      // values the server refuses by design are left out (`unofferedValues`), the reason in the description
      const left = unofferedValues(option.name).filter((u) => option.enum.includes(u.value));
      control = h('select', { id, 'aria-describedby': descId, onChange: (e) => set(e.target.value) },
        option.enum.filter((v) => !left.some((u) => u.value === v)).map((v) => h('option', { value: v, text: v })));
      control.value = String(value ?? '');
      unoffered = left.map((u) => u.reason);
    } else {
      control = h('input', { type: 'text', id, 'aria-describedby': descId, placeholder: String(option.default ?? ''), onInput: (e) => set(e.target.value) });
      control.value = this.values.has(option.name) ? String(value) : '';
    }
    const description = [optionText(option.name, option.description)];
    // The default, unless the description names it already (the catalogue's texts often do).
    if (option.default !== undefined && !/default|vorgabe/i.test(description[0])) description.push(t('defaultValue', { value: option.type === 'boolean' ? t(option.default ? 'yes' : 'no') : option.default }));
    if (usedBy) description.push(t('optionRoutes', { routes: usedBy.join(', ') }));
    description.push(...unoffered);
    return h('div', { class: `option option-${option.type}`, 'data-option': option.name },
      option.type === 'boolean' ? [control, h('label', { for: id }, wordParts(option.name))] : [h('label', { for: id }, wordParts(option.name)), control],
      h('p', { id: descId, class: 'option-desc', text: description.join(' · ') }));
  }

  /** The query of a route: every option it takes whose chosen value differs from its default. */
  queryFor(route) {
    const query = new URLSearchParams();
    for (const option of route.options) {
      if (!this.values.has(option.name)) continue;
      const value = this.values.get(option.name);
      if (value === '' || value === option.default) continue;
      query.set(option.name, String(value));
    }
    return query;
  }

  itemElement(item) {
    const name = item.file.name;
    item.el = {
      root: h('li', { class: 'file', id: item.id, 'data-file': name }),
      status: h('p', { class: 'file-status', 'aria-live': 'polite' }),
      upload: h('progress', { max: '1', value: '0', 'aria-label': `${t('upload')}: ${name}` }),
      conversion: h('progress', { max: '1', value: '0', 'aria-label': `${t('conversion')}: ${name}` }),
      actions: h('div', { class: 'file-actions' }),
      messages: h('div', { class: 'file-messages' }),
    };
    item.el.root.append(
      h('div', { class: 'file-head' }, h('strong', { class: 'file-name', text: name }), item.el.status),
      h('div', { class: 'file-progress' }, item.el.upload, item.el.conversion),
      item.el.actions, item.el.messages);
    this.update(item);
    return item.el.root;
  }

  update(item) {
    const { el } = item;
    if (!el) return;
    const route = this.routeOf(item);
    const name = item.file.name;
    el.upload.setAttribute('aria-label', `${t('upload')}: ${name}`);
    el.conversion.setAttribute('aria-label', `${t('conversion')}: ${name}`);
    const detected = item.detected?.name ? t('detected', { name: item.detected.name }) : '';
    const target = this.el.target.selectedOptions[0]?.textContent ?? '';
    const status = {
      detecting: t('detecting'),
      unknown: t(item.detected?.kind === 'errUnavailable' ? 'errUnavailable' : 'notRecognised'),
      ready: route ? `${detected} · ${t('waiting')}` : `${detected} · ${t('noRoute', { source: item.detected?.name, target })}`,
      uploading: `${detected} · ${t('uploading')}`,
      converting: `${detected} · ${t('converting')}`,
      done: `${detected} · ${t('done')}`,
      failed: `${detected} · ${item.result?.status ? t('failed', { status: item.result.status }) : t('notConverted')}`,
    }[item.state];
    el.status.textContent = status;
    el.root.dataset.state = item.state;
    clear(el.actions);
    const result = item.result;
    if (result?.ok) {
      el.actions.append(h('button', { type: 'button', class: 'download', onClick: () => saveBlob(result.blob, result.fileName), text: t('download', { file: result.fileName }) }));
    }
    if (item.detected?.source && (result?.project || this.routes.some((r) => r.source === item.detected.source && r.target === 'ava'))) {
      el.actions.append(h('button', { type: 'button', class: 'secondary view', onClick: () => this.view(item), text: t('viewBoq') }));
    }
    el.actions.append(h('button', {
      type: 'button', class: 'secondary remove', 'aria-label': t('remove', { file: name }), text: '✕',
      onClick: () => { this.items = this.items.filter((i) => i !== item); el.root.remove(); this.render(); },
    }));
    this.renderMessages(item);
    this.el.zipAll.disabled = !this.items.some((i) => i.result?.ok);
  }

  /** The server's messages as a closed list under "Details from the server" (the detail of the page's own text). */
  static serverDetail(messages) {
    if (!messages.length) return '';
    return h('details', { class: 'messages server-detail' }, h('summary', { text: t('serverDetail') }),
      h('ul', {}, messages.map((m) => h('li', {}, m.key ? h('span', { class: 'msg-item', text: m.key }) : '', h('span', { class: 'msg-text', text: m.message })))));
  }

  renderMessages(item) {
    const box = item.el.messages;
    clear(box);
    if (item.state === 'unknown' && item.detected?.error) {
      box.append(h('p', { class: 'file-problem', text: t(item.detected.kind ?? 'errNotRecognised') }),
        ConvertView.serverDetail([{ key: '', message: item.detected.error }]));
      return;
    }
    const result = item.result;
    if (!result) return;
    if (!result.ok && result.kind) {
      // the page's own words; the server's text as the detail (none for a sign-in: it speaks of HTTP headers)
      box.append(h('p', { class: 'file-problem', text: t(result.kind) }),
        result.kind.startsWith('signIn') ? '' : ConvertView.serverDetail(result.errors ?? []));
      return;
    }
    const list = result.ok ? result.messages : result.errors;
    if (result.ok && result.count === 0) {
      box.append(h('p', { class: 'no-messages', text: t('noMessages') }));
      return;
    }
    const count = result.ok ? result.count : list.length;
    const summaryText = result.ok && list.length < count ? t('messagesShown', { count, shown: list.length }) : t('messages', { count });
    box.append(h('details', { class: 'messages', open: !result.ok },
      h('summary', { text: summaryText }),
      h('ul', {}, list.map((m) => h('li', { class: `severity-${m.severity ?? 'error'}` },
        m.code ? h('code', { text: m.code }) : '',
        m.itemNumber ? h('span', { class: 'msg-item', text: t('item', { item: m.itemNumber }) }) : (m.key ? h('span', { class: 'msg-item', text: m.key }) : ''),
        h('span', { class: 'msg-text', text: m.message }))))));
  }

  async run(item) {
    const route = this.routeOf(item);
    if (!route) return;
    item.state = 'uploading';
    item.el.upload.value = 0;
    item.el.conversion.value = 0;
    this.update(item);
    item.result = await this.request(route, item.file, this.queryFor(route), ({ phase, loaded, total }) => {
      if (phase === 'upload') item.el.upload.value = total ? loaded / total : 0;
      if (phase === 'conversion' && item.state !== 'converting') {
        item.el.upload.value = 1;
        item.el.conversion.removeAttribute('value'); // indeterminate while the server converts
        item.state = 'converting';
        this.update(item);
      }
    });
    // full bars for an answer; empty ones for a request not sent or not answered (no sign-in, no network)
    item.el.upload.value = item.result.status ? 1 : 0;
    item.el.conversion.value = item.result.status ? 1 : 0;
    item.state = item.result.ok ? 'done' : 'failed';
    this.update(item);
  }

  /**
   * One conversion (`api.js` `convert`) that always resolves: a request not sent (no or an expired sign-in: `kind`
   * `signInNeeded`/`signInExpired`; the network failing: `errUnavailable`) or refused for want of a valid sign-in
   * (401: the page forgets it, `onUnauthorized`) comes back as a failed result with the page's text `kind`.
   */
  async request(route, file, query, onProgress) {
    try {
      const result = await convert({ route, file, query, authorize: this.authorize, onProgress });
      if (!result.ok && result.status === 401) result.kind = this.onUnauthorized?.() ?? 'signInNeeded';
      return result;
    } catch (err) {
      const problem = err instanceof PageProblem;
      return {
        ok: false, status: 0, kind: problem ? err.kind : 'errUnavailable', messages: [], count: 0,
        errors: problem ? [] : [{ key: '', message: String(err?.message ?? err) }],
      };
    }
  }

  async convertAll() {
    const queue = this.items.filter((i) => this.routeOf(i) && i.state !== 'uploading' && i.state !== 'converting');
    const worker = async () => { for (let item = queue.shift(); item; item = queue.shift()) await this.run(item); };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
  }

  /** Every converted file in one ZIP; equal names get ` (2)`, ` (3)` … before the extension. */
  async downloadZip() {
    const entries = {};
    for (const item of this.items) {
      if (!item.result?.ok) continue;
      let name = item.result.fileName;
      for (let n = 2; entries[name]; n++) name = item.result.fileName.replace(/(\.[^.]*)?$/, (ext) => ` (${n})${ext}`);
      entries[name] = new Uint8Array(await item.result.blob.arrayBuffer());
    }
    const target = this.el.target.value || 'converted';
    saveBlob(new Blob([zipSync(entries)], { type: 'application/zip' }), `ava-gateway-${target}.zip`);
  }

  /** Opens the item's project: the converted one when the target was ava, else the file converted to ava first. */
  async view(item) {
    if (item.result?.project) return this.onView(item.result.project, item.file.name, item.el.root);
    const route = this.routes.find((r) => r.source === item.detected.source && r.target === 'ava');
    const result = await this.request(route, item.file, new URLSearchParams(), () => {});
    if (result.ok) return this.onView(result.project, item.file.name, item.el.root);
    this.onViewError(item.file.name, result.kind ? t(result.kind) : result.errors.map((e) => e.message).join(' '));
  }
}
