/**
 * Small building blocks every screen uses: loading a resource, running an action, forms whose
 * problem+json refusals show next to the field (VALIDATION_FAILED's errors[]) or the button
 * (title, detail and code), and plain tables with empty states.
 */
import { createContext, type ComponentChildren } from 'preact';
import { useCallback, useContext, useEffect, useId, useState } from 'preact/hooks';
import { ApiError } from './api.js';
import { countries } from './countries.js';
import type { UserRef } from './types.js';

export function useLoad<T>(load: () => Promise<T>, deps: unknown[] = []) {
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({
    loading: true,
  });
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    load().then(
      (data) => live && setState({ data, loading: false }),
      (error: unknown) => live && setState({ error, loading: false }),
    );
    return () => {
      live = false;
    };
    // `load` is a new closure each render; callers name what it depends on in `deps`.
  }, [...deps, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { ...state, reload };
}

export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const run = useCallback(async (work: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    setError(undefined);
    try {
      await work();
      return true;
    } catch (e) {
      setError(e);
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, error, run, clear: () => setError(undefined) };
}

/** A refusal as people read it: title, detail, and the stable code for support. */
export function ErrorNote({ error }: { error: unknown }) {
  if (!error) return null;
  if (error instanceof ApiError) {
    const { title, detail, code, errors } = error.problem;
    return (
      <div class="error" role="alert">
        <strong>{title}</strong>
        {detail && detail !== title ? <span> — {detail}</span> : null}
        {code ? <code class="code">{code}</code> : null}
        {code === 'MFA_REQUIRED' ? (
          <p>
            Set up two-factor sign-in on the <a href="#/security">Security</a> page, then try again.
          </p>
        ) : null}
        {errors && errors.length > 1 ? (
          <ul>
            {errors.map((e) => (
              <li key={e.field + e.message}>
                {e.detail ??
                  `${e.field.replace(/^body\.?/, '') || 'body'}${e.unknown_field ? `.${e.unknown_field}` : ''} ${e.message}`}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    );
  }
  return (
    <div class="error" role="alert">
      {error instanceof Error ? error.message : JSON.stringify(error)}
    </div>
  );
}

const FormError = createContext<unknown>(undefined);

/** The sentence of a VALIDATION_FAILED error for one body field, if any. */
function fieldMessage(error: unknown, name: string): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const problem = error.problem.errors?.find((e) => e.field.replace(/^body\.?/, '') === name);
  return problem ? (problem.detail ?? problem.message) : undefined;
}

type FieldProps = {
  label: string;
  name: string;
  type?: 'text' | 'email' | 'password' | 'date' | 'datetime-local';
  value?: string;
  required?: boolean;
  placeholder?: string;
  step?: string;
  min?: string;
  autocomplete?: string;
  inputmode?: 'decimal' | 'numeric' | 'email' | 'text';
};

export function Field({ label, name, type = 'text', ...rest }: FieldProps) {
  const error = useContext(FormError);
  const message = fieldMessage(error, name);
  const id = useId();
  return (
    <label class="field" for={id}>
      <span>{label}</span>
      <input
        id={id}
        name={name}
        // Preact types each input type's attributes apart (a union TypeScript cannot narrow from
        // a union-typed `type`); every type offered here takes the attributes below.
        {...({ type } as Record<string, string>)}
        {...(rest.value === undefined ? {} : { defaultValue: rest.value })}
        required={rest.required}
        placeholder={rest.placeholder}
        step={rest.step}
        min={rest.min}
        autocomplete={rest.autocomplete}
        inputMode={rest.inputmode}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
      />
      {message ? (
        <small class="field-error" id={`${id}-error`}>
          {message}
        </small>
      ) : null}
    </label>
  );
}

export function Select({
  label,
  name,
  options,
  value,
  required,
  placeholder,
}: {
  label: string;
  name: string;
  options: readonly (string | [string, string])[];
  value?: string;
  required?: boolean;
  /** an empty first choice, e.g. "Choose a country" (the form sends "" for it) */
  placeholder?: string;
}) {
  const error = useContext(FormError);
  const message = fieldMessage(error, name);
  const id = useId();
  return (
    <label class="field" for={id}>
      <span>{label}</span>
      <select
        id={id}
        name={name}
        required={required}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
      >
        {placeholder !== undefined ? (
          <option value="" selected={!value}>
            {placeholder}
          </option>
        ) : null}
        {options.map((o) => {
          const [v, text] = typeof o === 'string' ? [o, o] : o;
          return (
            // `selected` rather than the select's value: a re-render must not undo a choice.
            <option key={v} value={v} selected={v === value}>
              {text}
            </option>
          );
        })}
      </select>
      {message ? (
        <small class="field-error" id={`${id}-error`}>
          {message}
        </small>
      ) : null}
    </label>
  );
}

/** A country chosen by name from the ISO 3166 list; the form sends its alpha-2 code. */
export function CountrySelect(props: {
  label: string;
  name: string;
  value?: string;
  required?: boolean;
}) {
  return (
    <Select
      {...props}
      {...(props.value ? { value: props.value.toUpperCase() } : {})}
      options={countries}
      placeholder={props.required ? 'Choose…' : 'Not given'}
    />
  );
}

export type FormValues = Record<string, string>;

/**
 * A form that hands its values (strings, as typed: money stays a decimal string) to `onSubmit`
 * and shows what the API said: the refusal (the values kept to correct), or `done` once it
 * succeeded, the fields cleared for the next entry unless `keep` (a form of saved settings).
 */
export function ActionForm(props: {
  submit: string;
  onSubmit: (values: FormValues) => Promise<unknown>;
  done?: string;
  class?: string;
  label?: string;
  keep?: boolean;
  children?: ComponentChildren;
}) {
  const action = useAction();
  const [done, setDone] = useState(false);
  return (
    <form
      class={props.class ?? 'form'}
      aria-label={props.label}
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const values: FormValues = {};
        new FormData(form).forEach((value, key) => {
          if (typeof value === 'string') values[key] = value.trim();
        });
        setDone(false);
        void action
          .run(() => props.onSubmit(values))
          .then((ok) => {
            setDone(ok);
            if (ok && !props.keep) form.reset();
          });
      }}
    >
      <FormError.Provider value={action.error}>{props.children}</FormError.Provider>
      <button type="submit" disabled={action.busy}>
        {action.busy ? 'Working…' : props.submit}
      </button>
      <ErrorNote error={action.error} />
      {done && props.done ? (
        <p class="ok" role="status">
          {props.done}
        </p>
      ) : null}
    </form>
  );
}

/** A person on a staff screen: name and email, a link to their row on the users screen. */
export function Person({ id, user }: { id: string; user?: UserRef | null | undefined }) {
  if (!user) return <code>{id}</code>;
  return (
    <a href={`#/admin/users/${id}`} title={id}>
      {user.full_name ? `${user.full_name} <${user.email}>` : user.email}
    </a>
  );
}

/** What the last decision on a screen did, named, until the next one. */
export function Notice({ text }: { text: string | undefined }) {
  return text ? (
    <p class="ok notice" role="status" data-testid="notice">
      {text}
    </p>
  ) : null;
}

/** A button for one API action, with its own busy state and refusal. */
export function ActionButton(props: {
  label: string;
  onClick: () => Promise<unknown>;
  kind?: 'primary' | 'secondary' | 'danger';
}) {
  const action = useAction();
  return (
    <span class="action">
      <button
        type="button"
        class={props.kind ?? 'secondary'}
        disabled={action.busy}
        onClick={() => void action.run(props.onClick)}
      >
        {props.label}
      </button>
      <ErrorNote error={action.error} />
    </span>
  );
}

/**
 * A button for an action that cannot be undone: clicked, it states the consequence and the
 * figures, and acts only on a second, explicit "yes".
 */
export function ConfirmButton(props: {
  label: string;
  /** the question, e.g. "Distribute the QUAY dividend?" */
  question: string;
  /** what will happen, with the figures */
  consequence: ComponentChildren;
  /** the confirming button's text, e.g. "Yes, distribute" */
  confirm: string;
  onClick: () => Promise<unknown>;
  kind?: 'primary' | 'danger';
}) {
  const [asking, setAsking] = useState(false);
  const action = useAction();
  if (!asking)
    return (
      <span class="action">
        <button type="button" class={props.kind ?? 'primary'} onClick={() => setAsking(true)}>
          {props.label}
        </button>
      </span>
    );
  return (
    <div class="confirm" role="alertdialog" aria-label={props.question}>
      <strong>{props.question}</strong>
      <div>{props.consequence}</div>
      <button
        type="button"
        class={props.kind ?? 'primary'}
        disabled={action.busy}
        onClick={() =>
          void action.run(props.onClick).then((ok) => {
            if (ok) setAsking(false);
          })
        }
      >
        {action.busy ? 'Working…' : props.confirm}
      </button>{' '}
      <button type="button" class="secondary" onClick={() => setAsking(false)}>
        Keep as is
      </button>
      <ErrorNote error={action.error} />
    </div>
  );
}

export function Loaded<T>(props: {
  state: { data?: T; error?: unknown; loading: boolean };
  children: (data: T) => ComponentChildren;
}) {
  if (props.state.error) return <ErrorNote error={props.state.error} />;
  if (props.state.data === undefined)
    return (
      <p class="muted" aria-busy="true">
        Loading…
      </p>
    );
  return <>{props.children(props.state.data)}</>;
}

export function Table<T>(props: {
  rows: T[];
  empty: string;
  columns: [string, (row: T) => ComponentChildren][];
  label: string;
}) {
  if (props.rows.length === 0) return <p class="muted">{props.empty}</p>;
  return (
    <div class="table-wrap">
      <table aria-label={props.label}>
        <thead>
          <tr>
            {props.columns.map(([title]) => (
              <th key={title} scope="col">
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row, i) => (
            <tr key={i}>
              {props.columns.map(([title, cell]) => (
                <td key={title} data-label={title}>
                  {cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export const usd = (amount: string) => `${amount} USD`;
export const when = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleString() : '—';
export const label = (status: string) => status.replaceAll('_', ' ');

/** A typed whole number for the API; anything else goes as typed, so the API names the problem. */
export const wholeNumber = (text: string | undefined): number | string =>
  text !== undefined && /^-?\d{1,15}$/.test(text) ? Number(text) : (text ?? '');

/** Cursor pages of a list: the cursor to load, and Previous / Next buttons. */
export function usePages() {
  const [cursors, setCursors] = useState<string[]>([]);
  return {
    cursor: cursors.at(-1),
    reset: () => setCursors([]),
    controls: (next: string | null) => (
      <p>
        {cursors.length > 0 ? (
          <button type="button" class="secondary" onClick={() => setCursors(cursors.slice(0, -1))}>
            Previous page
          </button>
        ) : null}{' '}
        {next ? (
          <button type="button" class="secondary" onClick={() => setCursors([...cursors, next])}>
            Next page
          </button>
        ) : null}
      </p>
    ),
  };
}

/** A list's filters: hands the chosen values (strings, empty for "any") to `onFilter`. */
export function FilterForm(props: {
  label: string;
  onFilter: (values: FormValues) => void;
  children: ComponentChildren;
}) {
  return (
    <form
      class="filters"
      aria-label={props.label}
      onSubmit={(event) => {
        event.preventDefault();
        const values: FormValues = {};
        new FormData(event.currentTarget).forEach((value, key) => {
          if (typeof value === 'string') values[key] = value.trim();
        });
        props.onFilter(values);
      }}
    >
      {props.children}
      <button type="submit">Filter</button>
    </form>
  );
}

/** A select that filters a list at once (no submit), with an optional "all" choice. */
export function StatusPicker(props: {
  label: string;
  value: string;
  options: readonly string[];
  all?: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <label class="field inline">
      <span>{props.label}</span>
      <select value={props.value} onChange={(e) => props.onChange(e.currentTarget.value)}>
        {props.all ? <option value="">all</option> : null}
        {props.options.map((s) => (
          <option key={s} value={s}>
            {label(s)}
          </option>
        ))}
      </select>
    </label>
  );
}
