/**
 * Documents in forms: a file field that reads the chosen file into a hidden field of its form
 * (its type and base64, so ActionForm's values carry it), sending it (POST /documents) when the
 * form is submitted; and a staff viewer that fetches a document with the session and shows it.
 */
import { useEffect, useState } from 'preact/hooks';
import type { paths } from '../../sdk/generated/platform.js';
import { download, fetchBlob, ok, platform } from './api.js';
import { ErrorNote } from './ui.js';

const accepted = ['image/jpeg', 'image/png', 'application/pdf'];

/** A file chosen, kept in the form as `type;base64` under `name`. */
export function FileField(props: {
  label: string;
  name: string;
  required?: boolean;
  hint?: string;
}) {
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string>();
  return (
    <label class="field">
      <span>{props.label}</span>
      <input
        type="file"
        accept={accepted.join(',')}
        required={props.required}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          setProblem(undefined);
          setValue('');
          if (!file) return;
          if (!accepted.includes(file.type)) {
            setProblem('Choose a JPEG or PNG image, or a PDF.');
            return;
          }
          const reader = new FileReader();
          reader.onload = () => {
            const url = typeof reader.result === 'string' ? reader.result : '';
            setValue(`${file.type};${url.slice(url.indexOf(',') + 1)}`);
          };
          reader.readAsDataURL(file);
        }}
      />
      <input type="hidden" name={props.name} value={value} />
      {props.hint ? <small class="muted">{props.hint}</small> : null}
      {problem ? <span class="field-error">{problem}</span> : null}
    </label>
  );
}

type Upload = paths['/api/v1/documents']['post']['requestBody']['content']['application/json'];

/** Uploads a FileField's value; the document's id, or undefined for no file chosen. */
export async function sendFile(purpose: Upload['purpose'], value: string | undefined) {
  if (!value) return undefined;
  const split = value.indexOf(';');
  const uploaded = await ok(
    platform.POST('/api/v1/documents', {
      body: {
        purpose,
        // the field takes only the accepted types; the API refuses any other by name
        content_type: value.slice(0, split) as Upload['content_type'],
        data: value.slice(split + 1),
      },
    }),
  );
  return uploaded.id;
}

export interface SentDocument {
  id: string;
  purpose: string;
  content_type: string;
  size_bytes: number;
  created_at: string;
  retain_until: string;
}

const purposes: Record<string, string> = {
  identity_front: 'Identity document, front',
  identity_back: 'Identity document, back',
  selfie: 'Selfie',
  evidence: 'Evidence',
};

/** Staff: a document sent for review, its image shown (a PDF downloaded), the retention said. */
export function DocumentViewer({ document: d }: { document: SentDocument }) {
  const [url, setUrl] = useState<string>();
  const [failure, setFailure] = useState<unknown>();
  const image = d.content_type.startsWith('image/');
  useEffect(() => {
    if (!image) return undefined;
    let made: string | undefined;
    fetchBlob(`/api/v1/admin/documents/${d.id}`)
      .then((blob) => {
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(setFailure);
    return () => {
      if (made) URL.revokeObjectURL(made);
    };
  }, [d.id, image]);
  const title = `${purposes[d.purpose] ?? d.purpose} (${Math.ceil(d.size_bytes / 1024)} KB, kept until ${d.retain_until.slice(0, 10)})`;
  return (
    <figure class="document">
      {image ? (
        url ? (
          <img src={url} alt={purposes[d.purpose] ?? d.purpose} />
        ) : null
      ) : (
        <button
          type="button"
          onClick={() => {
            download(`/api/v1/admin/documents/${d.id}`, `${d.purpose}.pdf`).catch(setFailure);
          }}
        >
          Open the PDF
        </button>
      )}
      <figcaption>{title}</figcaption>
      {failure ? <ErrorNote error={failure} /> : null}
    </figure>
  );
}
