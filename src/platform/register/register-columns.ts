/**
 * The register's columns, one list for the page's table, the CSV and the PDF (so an export
 * carries what the page shows): each with its CSV name, its heading, its cell of a holder and of
 * the TOTAL row, and its PDF width. The page imports it too.
 */
import type { Static } from '@sinclair/typebox';
import type { RegisterView } from './register.schemas.js';

/** The register as the API answers it (the page reads the same shape). */
type Register = Static<typeof RegisterView>;
type Line = Register['holders'][number];

export interface RegisterColumn {
  csv: string;
  heading: string;
  cell: (line: Line) => string | null;
  total: (register: Register) => string | null;
  /** PDF points; 0 leaves the column out of the PDF (the user id, in the CSV for machines) */
  width: number;
  numeric: boolean;
}

const none = () => null;

/** What the page calls each kind of holder: only investors count as holders. */
export const holderKindLabel: Record<Line['holder_kind'], string> = {
  investor: 'investor',
  issuer: 'issuer (not counted)',
  treasury: 'treasury (not counted)',
};

export const registerColumns: readonly RegisterColumn[] = [
  {
    csv: 'legal_name',
    heading: 'Legal name',
    cell: (h) => h.legal_name,
    total: () => 'TOTAL',
    width: 104,
    numeric: false,
  },
  {
    csv: 'holder',
    heading: 'Holder',
    cell: (h) => holderKindLabel[h.holder_kind],
    total: (r) => `${r.totals.investor_holders} investor(s)`,
    width: 66,
    numeric: false,
  },
  {
    csv: 'holder_type',
    heading: 'Type',
    cell: (h) => h.holder_type,
    total: none,
    width: 40,
    numeric: false,
  },
  {
    csv: 'country',
    heading: 'Country',
    cell: (h) => h.country,
    total: none,
    width: 34,
    numeric: false,
  },
  {
    csv: 'accreditation',
    heading: 'Accreditation',
    cell: (h) => h.accreditation,
    total: none,
    width: 54,
    numeric: false,
  },
  {
    csv: 'units',
    heading: 'Units',
    cell: (h) => h.units,
    total: (r) => r.totals.units,
    width: 50,
    numeric: true,
  },
  {
    csv: 'pct_of_total_supply',
    heading: '% of total supply',
    cell: (h) => h.pct_of_total_supply,
    total: (r) => r.totals.pct_of_total_supply,
    width: 58,
    numeric: true,
  },
  {
    csv: 'pct_in_circulation',
    heading: '% in circulation',
    cell: (h) => h.pct_of_supply,
    total: (r) => (r.holders.length > 0 ? '100.0000' : '0.0000'),
    width: 58,
    numeric: true,
  },
  {
    csv: 'locked_units',
    heading: 'Locked',
    cell: (h) => h.locked_units,
    total: (r) => r.totals.locked_units,
    width: 36,
    numeric: true,
  },
  {
    csv: 'frozen_units',
    heading: 'Frozen',
    cell: (h) => h.frozen_units,
    total: (r) => r.totals.frozen_units,
    width: 36,
    numeric: true,
  },
  {
    csv: 'locked_up_units',
    heading: 'Locked-up',
    cell: (h) => h.locked_up_units,
    total: (r) => r.totals.locked_up_units,
    width: 42,
    numeric: true,
  },
  {
    csv: 'wallet_address',
    heading: 'Wallet',
    cell: (h) => h.wallet_address,
    total: none,
    width: 184,
    numeric: false,
  },
  {
    csv: 'user_id',
    heading: 'User id',
    cell: (h) => h.user_id,
    total: none,
    width: 0,
    numeric: false,
  },
];
