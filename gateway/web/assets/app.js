// The page's entry: language, sign-in, the conversion routes from the OpenAPI document, and the two sections.
import { PageProblem, loadRoutes } from './api.js';
import { authorization, canSignIn, completeSignIn, currentToken, forgetToken, signOut, startSignIn } from './auth.js';
import { BoqView } from './boq-view.js';
import { ConvertView } from './convert-view.js';
import { applyStaticTexts, locale, onLocaleChange, setLocale, t } from './i18n.js';

const $ = (id) => document.getElementById(id);

function notice(text) {
  $('notice').textContent = text;
  $('notice').hidden = !text;
}

async function main() {
  applyStaticTexts();
  $('locale').value = locale();
  $('locale').addEventListener('change', (e) => setLocale(e.target.value));

  const config = await (await fetch('web/config.json')).json();
  let token = currentToken();
  let signInError;
  let expired = false; // the sign-in ran out (or the gateway refused its token): the page asks for a new one
  if (config.requireToken) {
    const answer = await completeSignIn(config);
    if (answer?.token) token = answer.token;
    if (answer?.error) signInError = answer.error;
  }

  const renderUser = () => {
    $('sign-in').hidden = !config.requireToken || Boolean(token);
    $('sign-out').hidden = !config.requireToken || !token;
    $('user').textContent = token?.name ? t('signedInAs', { name: token.name }) : '';
    if (!config.requireToken || token) notice('');
    else if (expired) notice(t('signInExpired'));
    else if (signInError) notice(t('signInFailed', { error: signInError }));
    else if (config.problem) notice(t('signInUnavailable', { problem: config.problem }));
    else if (!canSignIn()) notice(t('signInInsecure'));
    else notice(t('signInNeeded'));
  };
  $('sign-in').addEventListener('click', () => {
    // The redirect URI is the page at the issuer's address; sign in there when the page was opened under another.
    if (location.origin !== new URL(config.redirectUri).origin) location.assign(config.redirectUri);
    else startSignIn(config, locale());
  });
  $('sign-out').addEventListener('click', () => signOut(config, token));
  renderUser();

  /** Forgets a sign-in that is over and shows the signed-out state; the key of the text that says so. */
  const signInLost = () => {
    if (token) {
      forgetToken(token);
      token = undefined;
      expired = true;
      renderUser();
    }
    return expired ? 'signInExpired' : 'signInNeeded';
  };
  /** The token while it is valid; noticing its expiry (before a request, and when its time is up). */
  const validToken = () => {
    const fresh = currentToken();
    if (!fresh) signInLost();
    return fresh;
  };
  if (token) setTimeout(validToken, Math.min(Math.max(token.expiresAt - Date.now() - 4_000, 0), 2 ** 31 - 1));
  /** The headers of a request; throws `PageProblem` (nothing is sent) without a valid sign-in. */
  const authorize = async (method, url) => {
    const fresh = validToken();
    if (!fresh) throw new PageProblem(signInLost());
    try {
      return await authorization(fresh, method, url);
    } catch {
      throw new PageProblem(signInLost()); // the token's key is gone: sign in again
    }
  };

  const boq = new BoqView($('boq'), $('view-summary'));
  let viewOpener; // the control that opened the BoQ view: focus returns to it when the view closes
  const convert = new ConvertView({
    routes: await loadRoutes(),
    authorize: config.requireToken ? authorize : undefined,
    onUnauthorized: signInLost,
    onView: (project, title, file) => {
      const active = document.activeElement;
      viewOpener = { control: active instanceof HTMLElement && active !== document.body ? active : undefined, file };
      boq.show(project, title);
      $('view').hidden = false;
      $('search').value = '';
      $('view-title').focus();
      $('view').scrollIntoView();
    },
    onViewError: (file, message) => notice(`${file}: ${message}`),
    elements: {
      files: $('files'), drop: $('drop'), target: $('target'), convertAll: $('convert-all'), zipAll: $('zip-all'),
      clear: $('clear'), optionList: $('option-list'), optionsEmpty: $('options-empty'), list: $('file-list'),
    },
  });
  $('view-title').tabIndex = -1;
  $('search').addEventListener('input', (e) => boq.search(e.target.value));
  $('expand-all').addEventListener('click', () => boq.setAll(true));
  $('collapse-all').addEventListener('click', () => boq.setAll(false));
  $('print').addEventListener('click', () => window.print());
  $('close-view').addEventListener('click', () => {
    $('view').hidden = true;
    // back to the button that opened the view (if it is still there), else to the convert section's heading
    // (a re-rendered file entry has a new button: its "View" button then)
    let opener = viewOpener?.control?.isConnected ? viewOpener.control : viewOpener?.file?.querySelector('button.view');
    if (!opener?.isConnected) {
      opener = $('convert-title');
      opener.tabIndex = -1;
    }
    opener.focus();
  });
  onLocaleChange(() => {
    renderUser();
    convert.render();
    if (!$('view').hidden) boq.render();
  });
  document.body.dataset.ready = 'true';
}

main().catch((err) => notice(String(err?.message ?? err)));
