import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { FORM_POSTS } from '@spacecapture/shared/form-posts';
import render from 'dom-serializer';
import { type ChildNode, type Document, Element, Text } from 'domhandler';
import { append, appendChild, findAll, findOne, prependChild, removeElement } from 'domutils';
import { parseDocument } from 'htmlparser2';
import type { TFormPost, TPostedFields } from './form-post.ts';

/**
 * A refused plain form post answered with the form itself (issue 27 item 2, decision 188): the
 * page's own prerendered HTML (the web build's `<page>/index.html`) with every posted entry put
 * back into its field, each message under its field in Mantine's own error markup, and a list of
 * what to fix above the form. The answer is for a browser whose script has not run, so it carries
 * none: the app's module scripts are taken out (they would render this URL, not the form's page)
 * and the stylesheets they would switch on are linked plainly.
 */

/** The prerendered page of each form, read once per process; null when the web app is not built. */
const pageCache = new Map<string, Promise<string | null>>();

function prerenderedPage(webDistDir: string, pagePath: string): Promise<string | null> {
  const file = path.join(webDistDir, pagePath.slice(1), 'index.html');
  let page = pageCache.get(file);
  if (!page) {
    page = readFile(file, 'utf8').catch(() => null);
    pageCache.set(file, page);
  }
  return page;
}

function classesOf(element: Element): string[] {
  return (element.attribs.class ?? '').split(/\s+/).filter(Boolean);
}

function hasClassEnding(element: Element, suffix: string) {
  return classesOf(element).some((name) => name.endsWith(suffix));
}

function closest(element: Element, test: (candidate: Element) => boolean): Element | null {
  for (let node = element.parent; node; node = node.parent) {
    if (node instanceof Element && test(node)) return node;
  }
  return null;
}

function elementsIn(nodes: ChildNode[] | Document, test: (element: Element) => boolean): Element[] {
  return findAll(test, 'children' in nodes && !Array.isArray(nodes) ? nodes.children : nodes);
}

/** Puts one posted value back into the field(s) of that name. */
function refillField(fields: Element[], value: string | undefined) {
  for (const field of fields) {
    const type = (field.attribs.type ?? 'text').toLowerCase();
    if (field.name === 'textarea') {
      // A parser drops one line break right after <textarea>: keep the entry's own first one.
      field.children = value ? [new Text(value.startsWith('\n') ? `\n${value}` : value)] : [];
    } else if (field.name === 'select') {
      for (const option of findAll((node) => node.name === 'option', field.children)) {
        if (value !== undefined && (option.attribs.value ?? '') === value) option.attribs.selected = '';
        else delete option.attribs.selected;
      }
    } else if (type === 'checkbox' || type === 'radio') {
      // A checkbox is sent only when ticked; a radio by its group's chosen value.
      const ticked = type === 'checkbox' ? value !== undefined : value === (field.attribs.value ?? 'on');
      if (ticked) field.attribs.checked = '';
      else delete field.attribs.checked;
    } else if (type !== 'file' && type !== 'password' && type !== 'submit' && type !== 'button') {
      field.attribs.value = value ?? '';
    }
  }
}

/** The error paragraph Mantine renders under a field (its classes style it once the CSS is there). */
function errorParagraph(id: string, component: string, message: string, checkbox: boolean) {
  const attribs: Record<string, string> = checkbox
    ? { class: 'm_8e8a99cc mantine-Checkbox-error m_8f816625 mantine-InputWrapper-error', id }
    : {
        style: '--input-error-size:calc(var(--mantine-font-size-sm) - calc(0.125rem * var(--mantine-scale)))',
        class: `m_8f816625 mantine-InputWrapper-error mantine-${component}-error`,
        'data-size': 'sm',
        id,
      };
  return new Element('p', attribs, [new Text(message)]);
}

/** Marks one field as wrong and puts its message under it, as the hydrated form does. */
function showProblem(field: Element, message: string) {
  const id = field.attribs.id;
  if (!id) return false;
  const errorId = `${id}-error`;
  const isCheckbox = (field.attribs.type ?? '').toLowerCase() === 'checkbox';
  field.attribs['data-error'] = 'true';
  if (!isCheckbox) field.attribs['aria-invalid'] = 'true';
  const describedBy = (field.attribs['aria-describedby'] ?? '').split(/\s+/).filter(Boolean);
  field.attribs['aria-describedby'] = [errorId, ...describedBy.filter((other) => other !== errorId)].join(' ');

  if (isCheckbox) {
    const root = closest(field, (node) => hasClassEnding(node, 'Checkbox-root'));
    const labelWrapper = root && findOne((node) => hasClassEnding(node, 'Checkbox-labelWrapper'), root.children);
    if (!labelWrapper) return false;
    appendChild(labelWrapper, errorParagraph(errorId, 'Checkbox', message, true));
    return true;
  }
  const root = closest(field, (node) => hasClassEnding(node, 'InputWrapper-root'));
  if (!root) return false;
  root.attribs['data-error'] = 'true';
  const wrapper = closest(field, (node) => hasClassEnding(node, 'Input-wrapper'));
  if (wrapper) wrapper.attribs['data-error'] = 'true';
  const component =
    classesOf(root)
      .map((name) => /^mantine-(\w+)-root$/.exec(name)?.[1])
      .find((name) => name && name !== 'InputWrapper') ?? 'Input';
  const paragraph = errorParagraph(errorId, component, message, false);
  // Below the input (and its wrapper), before a description that Mantine places after the input.
  if (wrapper && wrapper.parent === root) append(wrapper, paragraph);
  else appendChild(root, paragraph);
  return true;
}

const PROBLEMS_STYLE = `
.form-problems { margin: 0 0 24px; padding: 16px 20px; border: 1px solid var(--color-danger, #b91c1c);
  border-left-width: 4px; border-radius: var(--radius-md, 10px); background: var(--color-surface, #f8fafc); }
.form-problems h2 { margin: 0 0 4px; font-size: 20px; line-height: 1.3; color: var(--color-heading, #1e1b4b); }
.form-problems p { margin: 0 0 8px; color: var(--color-muted, #475569); }
.form-problems ul { margin: 0; padding-left: 20px; }
.form-problems li { margin: 2px 0; }
.form-problems a { color: var(--color-danger, #b91c1c); font-weight: 600; }
`;

/** The list above the form: each problem with its field's label, linked to the field. */
function problemsSummary(
  form: TFormPost,
  problems: readonly (readonly [field: string, label: string, message: string])[],
  ids: Map<string, string>,
) {
  const headingId = 'form-problems-title';
  const items = problems.map(([field, label, message]) => {
    const id = ids.get(field);
    const name = id ? new Element('a', { href: `#${id}` }, [new Text(label)]) : new Text(label);
    return new Element('li', {}, [name, new Text(`: ${message}`)]);
  });
  return new Element('div', { class: 'form-problems', role: 'alert', 'aria-labelledby': headingId }, [
    new Element('h2', { id: headingId }, [new Text(form.problemsTitle)]),
    new Element('p', {}, [
      new Text('Some fields need a change before we can accept this. Your entries are kept below.'),
    ]),
    new Element('ul', { 'aria-label': 'What to fix' }, items),
  ]);
}

/** Makes the page a script-free one: no app modules, its full stylesheets linked plainly. */
function withoutScripts(document: Document) {
  for (const script of elementsIn(document, (node) => node.name === 'script' && node.attribs.type === 'module')) {
    removeElement(script);
  }
  for (const link of elementsIn(document, (node) => node.name === 'link' && node.attribs.rel === 'modulepreload')) {
    removeElement(link);
  }
  // The stylesheets the entry module switches on: the <noscript> copies are the plain links.
  for (const link of elementsIn(document, (node) => node.name === 'link' && node.attribs.media === 'print')) {
    if ('data-beasties-media' in link.attribs) removeElement(link);
  }
  for (const noscript of elementsIn(document, (node) => node.name === 'noscript')) {
    const html = noscript.children.map((child) => (child instanceof Text ? child.data : render(child))).join('');
    const parsed = parseDocument(html);
    const links = findAll((node) => node.name === 'link', parsed.children);
    if (links.length === 0) continue;
    for (const link of links) append(noscript, link);
    removeElement(noscript);
  }
}

export type TProblemRow = readonly [field: string, label: string, message: string];

/**
 * The form's page again with the posted entries and each message beside its field, or null when
 * the page or its form is not there (no web build): the caller answers its plain page then.
 */
export async function renderFormAgain(options: {
  webDistDir: string;
  form: TFormPost;
  posted: TPostedFields;
  /** Field name, label the visitor saw and message, in the form's order. */
  problems: readonly TProblemRow[];
}): Promise<string | null> {
  const { form, posted } = options;
  const { page: pagePath, action } = FORM_POSTS[form.name];
  const html = await prerenderedPage(options.webDistDir, pagePath);
  if (!html) return null;
  const document = parseDocument(html);
  const formElement = findOne((node) => node.name === 'form' && node.attribs.action === action, document.children);
  if (!formElement) return null;

  const fieldsByName = new Map<string, Element[]>();
  for (const field of findAll(
    (node) => ['input', 'select', 'textarea'].includes(node.name) && Boolean(node.attribs.name),
    formElement.children,
  )) {
    const name = field.attribs.name as string;
    fieldsByName.set(name, [...(fieldsByName.get(name) ?? []), field]);
  }
  for (const [name, fields] of fieldsByName) {
    // The trap for bots stays empty, as served.
    if (name === form.honeypot) continue;
    refillField(fields, posted.get(name));
  }

  const ids = new Map<string, string>();
  for (const [field, , message] of options.problems) {
    // A place the server could not find is the location's problem, as in the hydrated form.
    const target = fieldsByName.get(field === 'placeId' ? 'location' : field)?.[0];
    if (target && showProblem(target, message) && target.attribs.id) ids.set(field, target.attribs.id);
  }
  prependChild(formElement, problemsSummary(form, options.problems, ids));

  const title = findOne((node) => node.name === 'title', document.children);
  if (title)
    title.children = [
      new Text(
        `${form.problemsTitle} | ${title.children.map((child) => (child instanceof Text ? child.data : '')).join('')}`,
      ),
    ];
  const head = findOne((node) => node.name === 'head', document.children);
  if (head) appendChild(head, new Element('style', {}, [new Text(PROBLEMS_STYLE)]));
  withoutScripts(document);
  const root = findOne((node) => node.attribs.id === 'root', document.children);
  if (root) delete root.attribs['data-prerendered-path'];
  return render(document, { encodeEntities: 'utf8', emptyAttrs: true });
}
