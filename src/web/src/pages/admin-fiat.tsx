/** Staff: deposits waiting for confirmation and withdrawals held for payout. */
import { api, type Page } from '../api.js';
import type { FiatRequest } from '../types.js';
import { ActionButton, Loaded, Table, label, useLoad, usd, when } from '../ui.js';

function Requests(props: {
  title: string;
  path: 'deposits' | 'withdrawals';
  waiting: string;
  accept: [string, string];
}) {
  const list = useLoad(() =>
    api.get<Page<FiatRequest>>(`/api/v1/admin/fiat/${props.path}?limit=100`),
  );
  return (
    <>
      <h2>{props.title}</h2>
      <Loaded state={list}>
        {(page) => (
          <Table
            label={props.title}
            rows={page.data}
            empty={`No ${props.title.toLowerCase()}.`}
            columns={[
              ['User', (r) => r.email ?? r.user_id],
              ['Amount', (r) => usd(r.amount)],
              ['Status', (r) => label(r.status)],
              ['Requested', (r) => when(r.created_at)],
              [
                '',
                (r) =>
                  r.status === props.waiting ? (
                    <>
                      <ActionButton
                        kind="primary"
                        label={`${props.accept[1]} ${r.amount}`}
                        onClick={async () => {
                          await api.post(
                            `/api/v1/admin/fiat/${props.path}/${r.id}/${props.accept[0]}`,
                          );
                          list.reload();
                        }}
                      />
                      <ActionButton
                        kind="danger"
                        label="Reject"
                        onClick={async () => {
                          const reason = prompt('Reason (shown to the user)') ?? undefined;
                          await api.post(
                            `/api/v1/admin/fiat/${props.path}/${r.id}/reject`,
                            reason ? { reason } : {},
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
      <Requests
        title="Deposits"
        path="deposits"
        waiting="requested"
        accept={['confirm', 'Confirm']}
      />
      <Requests
        title="Withdrawals"
        path="withdrawals"
        waiting="held"
        accept={['approve', 'Approve payout of']}
      />
    </section>
  );
}
