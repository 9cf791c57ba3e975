import { type Ref, type RefCallback, useEffect, useRef } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';

/**
 * What a visitor typed, chose or ticked into a prerendered form before its script ran (issue 27,
 * decision 187). A public form's code loads at the first interaction (decision 112), so on a slow
 * phone the visitor is typing into plain HTML when React takes the form over. React keeps the DOM's
 * values while it hydrates, but a controlled field's state starts empty and its next render would
 * write that empty state back: each form reads its fields here and starts from what they hold.
 * react-hook-form reads the fields it registers itself (an element edited before the form is ready).
 */

type TFormElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function isFormElement(element: unknown): element is TFormElement {
  return (
    element instanceof HTMLInputElement ||
    element instanceof HTMLSelectElement ||
    element instanceof HTMLTextAreaElement
  );
}

/** The element's entry, or undefined while it is as the page was served (empty, unticked, unchosen). */
export function typedValueOf(element: unknown): string | boolean | undefined {
  if (!isFormElement(element)) return undefined;
  if (element instanceof HTMLInputElement && element.type === 'checkbox') return element.checked || undefined;
  if (element instanceof HTMLInputElement && element.type === 'radio')
    return element.checked ? element.value : undefined;
  if (element instanceof HTMLInputElement && element.type === 'file') return undefined;
  return element.value === '' ? undefined : element.value;
}

/** The entries of a form's named fields, by name (radios by their group's checked one). */
export function typedValuesOf(form: HTMLFormElement | null, names: readonly string[]): Map<string, string | boolean> {
  const values = new Map<string, string | boolean>();
  if (!form) return values;
  for (const name of names) {
    const item = form.elements.namedItem(name);
    const elements = item instanceof RadioNodeList ? Array.from(item) : [item];
    for (const element of elements) {
      const typed = typedValueOf(element);
      if (typed !== undefined) values.set(name, typed);
    }
  }
  return values;
}

/** The file chosen in a prerendered file input before the script ran. */
export function chosenFileOf(input: HTMLInputElement | null): File | null {
  return input?.files?.[0] ?? null;
}

function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/**
 * For react-hook-form fields a Controller renders (controlled inputs): wraps the field's ref so the
 * entry the hydrated element holds becomes the field's value. The value is set once the form has
 * mounted, when the Controller listens to it (it subscribes in an effect, after the refs).
 */
export function useTypedBeforeScript<TValues extends FieldValues>(form: UseFormReturn<TValues, unknown, unknown>) {
  const mounted = useRef(false);
  const typed = useRef(new Map<Path<TValues>, string | boolean>());

  useEffect(() => {
    mounted.current = true;
    for (const [name, value] of typed.current) {
      form.setValue(name, value as PathValue<TValues, Path<TValues>>, { shouldDirty: true });
    }
    typed.current.clear();
  }, [form]);

  return function keepTyped<TElement extends Element>(name: Path<TValues>, ref?: Ref<TElement>): RefCallback<TElement> {
    return (element) => {
      if (!mounted.current && element) {
        const value = typedValueOf(element);
        if (value !== undefined && value !== form.getValues(name)) typed.current.set(name, value);
      }
      assignRef(ref, element);
    };
  };
}
