/**
 * Staff: the investor classifications waiting (GET /admin/classifications): who certifies which
 * tier, the criteria, their statement and evidence, their KYC level (the tier's ceiling), and the
 * decision: approve (their limits follow) or reject with a note the investor reads.
 */
import { useState } from 'preact/hooks';
import { ok, platform } from '../api.js';
import { DocumentViewer } from '../documents.js';
import type { Got } from '../types.js';
import { ActionForm, Field, Loaded, Select, useLoad, when } from '../ui.js';

type Waiting = Got<'/api/v1/admin/classifications'>['data'][number];

export function Classifications({ onDone }: { onDone: (text: string) => void }) {
  const waiting = useLoad(() => ok(platform.GET('/api/v1/admin/classifications')));
  return (
    <>
      <h2>Investor classifications</h2>
      <Loaded state={waiting}>
        {({ data }) =>
          data.length === 0 ? (
            <p class="muted">No classification waits for review.</p>
          ) : (
            <>
              {data.map((c) => (
                <Decision
                  key={c.id}
                  c={c}
                  onDone={(text) => {
                    onDone(text);
                    waiting.reload();
                  }}
                />
              ))}
            </>
          )
        }
      </Loaded>
    </>
  );
}

function Decision({ c, onDone }: { c: Waiting; onDone: (text: string) => void }) {
  const [decision, setDecision] = useState('approve');
  const who = `${c.full_name ?? c.email} <${c.email}>`;
  return (
    <article class="card" aria-label={`Classification of ${c.email}`}>
      <strong>
        {who} certifies as a {c.tier} investor
      </strong>
      <ul>
        {c.criteria.map((k) => (
          <li key={k.key}>{k.text}</li>
        ))}
      </ul>
      {c.statement ? <p>“{c.statement}”</p> : null}
      <p class="muted">
        Sent {when(c.created_at)}. Identity verification: {c.kyc_status}
        {c.kyc_status === 'approved' ? ` at level ${c.kyc_level}` : ''}; an approved tier is capped
        by the KYC level (level 2 professional, 3 institutional).
      </p>
      <div class="documents">
        {c.evidence.map((doc) => (
          <DocumentViewer key={doc.id} document={doc} />
        ))}
      </div>
      <ActionForm
        label={`Decide the classification of ${c.email}`}
        submit="Record decision"
        onSubmit={async (v) => {
          await ok(
            platform.POST('/api/v1/admin/classifications/{id}/review', {
              params: { path: { id: c.id } },
              body: {
                // the select offers only these two
                decision: v.decision as 'approve' | 'reject',
                ...(v.note ? { note: v.note } : {}),
              },
            }),
          );
          onDone(
            v.decision === 'approve'
              ? `Approved: ${who} is a ${c.tier} investor.`
              : `Rejected the ${c.tier} classification of ${who} (they read your note).`,
          );
        }}
      >
        <div
          onChange={(event) => setDecision((event.target as HTMLSelectElement).value)}
          role="presentation"
        >
          <Select
            label="Decision"
            name="decision"
            options={[
              ['approve', 'Approve: the evidence shows the criterion'],
              ['reject', 'Reject'],
            ]}
          />
        </div>
        <Field
          label={
            decision === 'reject' ? 'Why (the investor reads it)' : 'Note (the investor reads it)'
          }
          name="note"
          required={decision === 'reject'}
        />
      </ActionForm>
    </article>
  );
}
