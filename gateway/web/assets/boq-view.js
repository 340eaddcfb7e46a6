// The bill of quantities view: the tree (WAI-ARIA tree pattern: arrow keys move, Right/Left open and close,
// Enter/Space toggle, Home/End), long texts opened under their position, search, and the totals chart.
import { boqCounts, boqTree, grandTotal, searchTree, topGroupTotals } from './boq.js';
import { clear, h, uid } from './dom.js';
import { formatNumber, t } from './i18n.js';
import { renderLongText } from './longtext.js';
import { renderTotalsChart } from './totals-chart.js';

const money = (value) => formatNumber(value, 2);
const quantity = (value) => formatNumber(value, 0, 3);

/** The view over one project; `render()` again after a language switch. */
export class BoqView {
  constructor(container, summary) {
    this.container = container;
    this.summary = summary;
    this.tree = [];
    this.items = new Map(); // node → li
    this.title = '';
  }

  show(project, title) {
    this.tree = boqTree(project);
    this.title = title;
    this.query = '';
    this.render();
  }

  render() {
    clear(this.container);
    this.items.clear();
    const counts = boqCounts(this.tree);
    this.summary.textContent = `${this.title}: ${t('summary', { ...counts, total: money(grandTotal(this.tree)) })}`;
    this.container.append(renderTotalsChart(topGroupTotals(this.tree, t('withoutGroup')), money));
    const header = h('div', { class: 'boq-row boq-header', 'aria-hidden': 'true' },
      h('span', { class: 'c-item', text: t('colItem') }), h('span', { class: 'c-text', text: t('colText') }),
      h('span', { class: 'c-num', text: t('colQty') }), h('span', { class: 'c-unit', text: t('colUnit') }),
      h('span', { class: 'c-num', text: t('colUp') }), h('span', { class: 'c-num', text: t('colTotal') }));
    this.root = h('ul', { role: 'tree', 'aria-label': t('viewTitle'), class: 'boq-tree', onKeydown: (e) => this.onKey(e) },
      this.tree.map((spec, i) => this.item(spec, i === 0)));
    this.container.append(h('div', { class: 'boq' }, header, this.root));
    if (this.query) this.search(this.query);
  }

  item(node, first) {
    const rowId = uid('row');
    const expandable = node.children.length > 0 || Boolean(node.htmlLongText || node.longText);
    const li = h('li', {
      role: 'treeitem', class: `boq-item kind-${node.kind}`, 'aria-level': node.depth + 1, 'aria-labelledby': rowId,
      tabindex: first ? '0' : '-1', 'aria-expanded': expandable ? String(node.kind === 'spec' || node.kind === 'group') : undefined,
      'data-item': node.itemNumber || undefined,
    });
    const isPosition = node.kind === 'position';
    const text = node.kind === 'spec' ? t('spec', { name: node.shortText }) : node.shortText;
    li.append(h('div', { class: 'boq-row', id: rowId, onClick: () => { this.focus(li); if (expandable) this.toggle(li); } },
      h('span', { class: 'c-item' }, h('span', { class: 'toggle', 'aria-hidden': 'true' }), node.itemNumber),
      h('span', { class: 'c-text', text }),
      h('span', { class: 'c-num', text: isPosition ? quantity(node.quantity) : '' }),
      h('span', { class: 'c-unit', text: isPosition ? node.unitTag : '' }),
      h('span', { class: 'c-num', text: isPosition ? money(node.unitPrice) : '' }),
      h('span', { class: 'c-num c-total', text: money(node.totalPrice) })));
    if (node.htmlLongText || node.longText) {
      li.append(h('div', { class: 'long-text-box', 'aria-label': t('longText') }, renderLongText(node.htmlLongText, node.longText)));
    }
    if (node.children.length) li.append(h('ul', { role: 'group' }, node.children.map((c) => this.item(c, false))));
    this.items.set(node, li);
    return li;
  }

  /** The tree items a user can reach now (not inside a closed item, not filtered out). */
  visibleItems() {
    return [...this.root.querySelectorAll('[role=treeitem]')].filter((li) => li.offsetParent !== null);
  }

  focus(li) {
    for (const other of this.root.querySelectorAll('[role=treeitem][tabindex="0"]')) other.tabIndex = -1;
    li.tabIndex = 0;
    li.focus();
  }

  toggle(li, open = li.getAttribute('aria-expanded') !== 'true') {
    if (li.hasAttribute('aria-expanded')) li.setAttribute('aria-expanded', String(open));
  }

  setAll(open) {
    for (const li of this.root.querySelectorAll('[aria-expanded]')) this.toggle(li, open);
  }

  onKey(event) {
    const li = event.target.closest('[role=treeitem]');
    if (!li) return;
    const visible = this.visibleItems();
    const index = visible.indexOf(li);
    const expanded = li.getAttribute('aria-expanded');
    const go = (target) => target && this.focus(target);
    switch (event.key) {
      case 'ArrowDown': go(visible[index + 1]); break;
      case 'ArrowUp': go(visible[index - 1]); break;
      case 'Home': go(visible[0]); break;
      case 'End': go(visible[visible.length - 1]); break;
      case 'ArrowRight':
        if (expanded === 'false') this.toggle(li, true);
        else if (expanded === 'true') go(li.querySelector(':scope > ul > [role=treeitem]'));
        break;
      case 'ArrowLeft':
        if (expanded === 'true') this.toggle(li, false);
        else go(li.parentElement.closest('[role=treeitem]'));
        break;
      case 'Enter': case ' ': this.toggle(li); break;
      default: return;
    }
    event.preventDefault();
  }

  /** Shows only the items matching the query and their ancestors (opened); an empty query shows everything. */
  search(query) {
    this.query = query;
    const { matches, ancestors } = searchTree(this.tree, query);
    for (const [node, li] of this.items) {
      const shown = !query.trim() || matches.has(node) || ancestors.has(node);
      li.classList.toggle('filtered-out', !shown);
      li.classList.toggle('match', matches.has(node));
      if (query.trim() && ancestors.has(node)) this.toggle(li, true);
    }
    if (query.trim()) this.summary.textContent = t('matches', { count: matches.size });
    else this.render();
  }
}
