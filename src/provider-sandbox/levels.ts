/**
 * The verification levels the sandbox knows: the three configured level names, each with the
 * applicant type it accepts, the document sets it requires (as the provider reports them in
 * `requiredIdDocs`) and the widget steps a person walks through for it.
 */
import type { Config } from '../lib/config.js';
import type { ApplicantType, WidgetStep } from './applicant.js';

export interface DocSet {
  idDocSetType: string;
  types: string[];
  videoRequired?: string;
}

export interface Level {
  name: string;
  applicantType: ApplicantType;
  docSets: DocSet[];
  steps: WidgetStep[];
  /** the company documents the widget asks for (company levels only) */
  companyDocuments: string[];
}

const identityDocSets: DocSet[] = [
  { idDocSetType: 'IDENTITY', types: ['PASSPORT', 'ID_CARD', 'DRIVERS', 'RESIDENCE_PERMIT'] },
  { idDocSetType: 'SELFIE', types: ['SELFIE'], videoRequired: 'liveness' },
];

const companyDocSets: DocSet[] = [{ idDocSetType: 'COMPANY', types: ['COMPANY_DOC'] }];

// The spec's company widget: every company shows these; issuers also supply a cap table.
const companyDocuments = [
  'TRADE_LICENSE',
  'ARTICLES_OF_ASSOCIATION',
  'BOARD_RESOLUTION',
  'FINANCIAL_STATEMENTS',
];

export type LevelCatalogue = ReadonlyMap<string, Level>;

export function levelCatalogue(levels: Config['provider']['levels']): LevelCatalogue {
  const all: Level[] = [
    {
      name: levels.individualKyc,
      applicantType: 'individual',
      docSets: identityDocSets,
      steps: ['IDENTITY', 'SELFIE', 'LIVENESS'],
      companyDocuments: [],
    },
    {
      name: levels.corporateInvestorKyb,
      applicantType: 'company',
      docSets: companyDocSets,
      steps: ['COMPANY_DOCUMENTS'],
      companyDocuments,
    },
    {
      name: levels.issuerKyb,
      applicantType: 'company',
      docSets: companyDocSets,
      steps: ['COMPANY_DOCUMENTS'],
      companyDocuments: [...companyDocuments, 'CAP_TABLE'],
    },
  ];
  return new Map(all.map((level) => [level.name, level]));
}
