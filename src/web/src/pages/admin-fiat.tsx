/**
 * Staff: deposits waiting for confirmation and withdrawals held for payout. Moving money asks
 * first, in a dialog that states the amount, the person and the reference they quoted, and takes
 * the bank's reference of the transfer matched (deposit) or made (payout) for the record. A payout
 * names the bank account on file it goes to, and whether it was paid to before.
 */
import { useState } from 'preact/hooks';
import { ok, platform } from '../api.js';
import type { Payee, StaffFiatRequest as FiatRequest } from '../types.js';
import {
  ActionButton,
  ActionForm,
  Field,
  Loaded,
  Notice,
  Table,
  label,
  useLoad,
  usd,
  when,
} from '../ui.js';

type Path = 'deposits' | 'withdrawals';
type Column = [string, (r: FiatRequest) => string];

/** The account a payout goes to, with what staff check on the first payout to it. */
function payeeText(p: Payee | null): string {
  if (!p) return 'the bank account they name (none was on file when they asked)';
  const account = `${p.holder_name}, ${p.account}${p.bank_code ? ` (${p.bank_code})` : ''}, ${p.country}`;
  if (p.verified) return `${account}, paid before`;
  return `${account}: the first payout to it${
    p.holder_is_investor === false
      ? "; the holder's name is not the investor's verified name, check the account is theirs"
      : ", the holder's name is the investor's verified name"
  }`;
}

/** The question and what confirming does, in words with the figures. */
function asked(path: Path, r: FiatRequest): { question: string; consequence: string } {
  const who = r.email ?? r.user_id;
  return path === 'deposits'
    ? {
        question: `Confirm the deposit of ${usd(r.amount)} from ${who}?`,
        consequence: `Match it on the bank statement: ${usd(r.amount)} quoting ${r.payment_reference}. Confirming credits ${usd(r.amount)} to ${who}'s cash balance; it cannot be undone.`,
      }
    : {
        question: `Pay out the withdrawal of ${usd(r.amount)} to ${who}?`,
        consequence: `Send ${usd(r.amount)} to ${payeeText(r.bank_account)}, then record the transfer: the amount already left their balance.`,
      };
}

/** Accepting one request: a dialog with the figures and the bank's reference, required. */
function Accept(props: {
  path: Path;
  request: FiatRequest;
  verb: string;
  onDone: (text: string) => void;
}) {
  const { path, request: r } = props;
  const [asking, setAsking] = useState(false);
  const { question, consequence } = asked(path, r);
  if (!asking) {
    return (
      <button type="button" class="primary" onClick={() => setAsking(true)}>
        {`${props.verb} ${r.amount}`}
      </button>
    );
  }
  return (
    <div class="confirm" role="alertdialog" aria-label={question}>
      <strong>{question}</strong>
      <div>{consequence}</div>
      <ActionForm
        label="Bank reference"
        submit={path === 'deposits' ? 'Yes, confirm' : 'Yes, paid out'}
        onSubmit={async (v) => {
          const init = {
            params: { path: { id: r.id } },
            body: { bank_reference: v.bank_reference },
          };
          if (path === 'deposits') {
            await ok(platform.POST('/api/v1/admin/fiat/deposits/{id}/confirm', init));
          } else {
            await ok(platform.POST('/api/v1/admin/fiat/withdrawals/{id}/approve', init));
          }
          setAsking(false);
          props.onDone(
            path === 'deposits'
              ? `Confirmed the deposit of ${usd(r.amount)} from ${r.email ?? r.user_id} (bank reference ${v.bank_reference}).`
              : `Recorded the payout of ${usd(r.amount)} to ${r.email ?? r.user_id} (bank reference ${v.bank_reference}).`,
          );
        }}
      >
        <Field
          label={
            path === 'deposits'
              ? "Bank's reference of the transfer received"
              : "Bank's reference of the transfer sent"
          }
          name="bank_reference"
          required
        />
      </ActionForm>
      <button type="button" class="secondary" onClick={() => setAsking(false)}>
        Keep as is
      </button>
    </div>
  );
}

function Requests(props: { title: string; path: Path; waiting: string; verb: string }) {
  const list = useLoad(() =>
    ok(platform.GET(`/api/v1/admin/fiat/${props.path}`, { params: { query: { limit: 100 } } })),
  );
  const [notice, setNotice] = useState<string>();
  const done = (text: string) => {
    setNotice(text);
    list.reload();
  };
  return (
    <>
      <h2>{props.title}</h2>
      <Notice text={notice} />
      <Loaded state={list}>
        {(page) => (
          <Table
            label={props.title}
            rows={page.data}
            empty={`No ${props.title.toLowerCase()}.`}
            columns={[
              ['User', (r) => r.email ?? r.user_id],
              ['Amount', (r) => usd(r.amount)],
              ...(props.path === 'deposits'
                ? [['Their reference', (r: FiatRequest) => r.payment_reference ?? ''] as Column]
                : [['Paid to', (r: FiatRequest) => payeeText(r.bank_account)] as Column]),
              ['Bank reference', (r) => r.bank_reference ?? '—'],
              ['Status', (r) => label(r.status)],
              ['Requested', (r) => when(r.created_at)],
              [
                '',
                (r) =>
                  r.status === props.waiting ? (
                    <>
                      <Accept path={props.path} request={r} verb={props.verb} onDone={done} />
                      <ActionButton
                        kind="danger"
                        label="Reject"
                        onClick={async () => {
                          const reason = prompt('Reason (shown to the user)') ?? undefined;
                          await ok(
                            platform.POST(`/api/v1/admin/fiat/${props.path}/{id}/reject`, {
                              params: { path: { id: r.id } },
                              body: reason ? { reason } : {},
                            }),
                          );
                          list.reload();
                        }}
                      />
                    </>
                  ) : null,
              ],
            ]}
          />
        )}
      </Loaded>
    </>
  );
}

export function AdminFiat() {
  return (
    <section>
      <h1>Fiat requests</h1>
      <Requests title="Deposits" path="deposits" waiting="requested" verb="Confirm" />
      <Requests title="Withdrawals" path="withdrawals" waiting="held" verb="Approve payout of" />
    </section>
  );
}
