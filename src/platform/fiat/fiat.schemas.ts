import { Type, type Static, type TLiteral } from '@sinclair/typebox';
import { depositStatuses, withdrawalStatuses } from '../../lib/db/schema-fiat.js';
import { PageQuery } from '../../lib/http/pagination.js';
import { PositiveMoney, Text } from '../../lib/http/route-schemas.js';

/**
 * A positive amount as a decimal string with at most 2 decimals, below one billion per request
 * (a bank transfer larger than that is not a self-service operation).
 */
export const Amount = PositiveMoney(
  'decimal string > 0, at most 2 decimals, below 1,000,000,000 (e.g. "250.00")',
  9,
);

export const AmountBody = Type.Object({ amount: Amount }, { additionalProperties: false });
export type AmountBody = Static<typeof AmountBody>;

export const RejectBody = Type.Object(
  { reason: Type.Optional(Text(2000)) },
  { additionalProperties: false },
);
export type RejectBody = Static<typeof RejectBody>;

export const AcceptBody = Type.Object(
  {
    bank_reference: Type.Optional(
      Text(100, {
        description:
          "the bank's reference of the transfer: the one received (deposit) or sent (withdrawal)",
      }),
    ),
  },
  { additionalProperties: false },
);
export type AcceptBody = Static<typeof AcceptBody>;

/** The bank account a withdrawal is paid to (deposits: null). */
const PayeeView = Type.Object({
  holder_name: Type.String(),
  account: Type.String({
    description: 'the IBAN or account number: whole for staff, its last four for the investor',
  }),
  bank_code: Type.Union([Type.String(), Type.Null()]),
  country: Type.String(),
  verified: Type.Boolean({ description: 'a payout to this account was made before' }),
  holder_is_investor: Type.Optional(
    Type.Boolean({ description: "staff: the holder's name is the investor's verified name" }),
  ),
});

export const BankAccountBody = Type.Object(
  {
    holder_name: Text(200, { description: "the account holder's name, as the bank has it" }),
    iban: Type.Optional(Text(50, { description: 'an IBAN (spaces allowed); or the next two' })),
    account_number: Type.Optional(Text(50, { description: 'a local account number' })),
    bank_code: Type.Optional(
      Text(20, { description: "the local account's bank: a BIC or a US routing number" }),
    ),
  },
  { additionalProperties: false },
);

export const BankAccountView = Type.Object({
  id: Type.String(),
  holder_name: Type.String(),
  scheme: Type.Union([Type.Literal('iban'), Type.Literal('local')]),
  account: Type.String({ description: 'its last four characters' }),
  bank_code: Type.Union([Type.String(), Type.Null()]),
  country: Type.String(),
  verified_at: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
});

export const BankAccountOnFile = Type.Object({
  bank_account: Type.Union([BankAccountView, Type.Null()]),
});

const literals = <T extends string>(values: readonly T[]) =>
  Type.Union(values.map((value): TLiteral<T> => Type.Literal(value)));

function requestView<T extends string>(statuses: readonly T[]) {
  return Type.Object({
    id: Type.String(),
    user_id: Type.String(),
    amount: Type.String(),
    status: literals(statuses),
    decision_reason: Type.Union([Type.String(), Type.Null()]),
    payment_reference: Type.Union([
      Type.String({ description: 'deposits: the reference to quote on the bank transfer' }),
      Type.Null(),
    ]),
    bank_reference: Type.Union([Type.String(), Type.Null()]),
    bank_account: Type.Union([PayeeView, Type.Null()]),
    decided_at: Type.Union([Type.String(), Type.Null()]),
    created_at: Type.String(),
  });
}

export const DepositView = requestView(depositStatuses);
export const WithdrawalView = requestView(withdrawalStatuses);

function queueItem<T extends string>(statuses: readonly T[]) {
  return Type.Composite([requestView(statuses), Type.Object({ email: Type.String() })]);
}
export const DepositQueueItem = queueItem(depositStatuses);
export const WithdrawalQueueItem = queueItem(withdrawalStatuses);

export const DepositQueueQuery = Type.Object(
  { ...PageQuery, status: Type.Optional(literals(depositStatuses)) },
  { additionalProperties: false },
);
export const WithdrawalQueueQuery = Type.Object(
  { ...PageQuery, status: Type.Optional(literals(withdrawalStatuses)) },
  { additionalProperties: false },
);
export const OwnListQuery = Type.Object(PageQuery, { additionalProperties: false });

export const LedgerEntryView = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  amount: Type.String({ description: 'signed: credits positive, debits negative' }),
  balance_after: Type.String(),
  reference_type: Type.String(),
  reference_id: Type.String(),
  created_at: Type.String(),
});
