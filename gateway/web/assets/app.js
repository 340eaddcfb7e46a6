// The page's entry: language, sign-in, the conversion routes from the OpenAPI document, and the two sections.
import { loadRoutes } from './api.js';
import { authorization, canSignIn, completeSignIn, currentToken, signOut, startSignIn } from './auth.js';
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

  const boq = new BoqView($('boq'), $('view-summary'));
  const convert = new ConvertView({
    routes: await loadRoutes(),
    authorize: config.requireToken ? (method, url) => authorization(token = currentToken(), method, url) : undefined,
    onView: (project, title) => {
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
  $('close-view').addEventListener('click', () => { $('view').hidden = true; });
  onLocaleChange(() => {
    renderUser();
    convert.render();
    if (!$('view').hidden) boq.render();
  });
  document.body.dataset.ready = 'true';
}

main().catch((err) => notice(String(err?.message ?? err)));
