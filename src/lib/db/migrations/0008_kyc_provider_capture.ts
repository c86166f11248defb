/**
 * What the identity provider captured, carried into the KYC application: the name as read from
 * the identity document, and the residence permit as a document type (the provider accepts it).
 */
import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

const documentTypes = (types: string[]) =>
  sql.raw(`document_type in (${types.map((t) => `'${t}'`).join(', ')})`);
const before = ['passport', 'emirates_id', 'national_id', 'drivers_license'];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('kyc_applications')
    .addColumn('document_full_name', 'varchar(200)')
    .execute();
  await db.schema
    .alterTable('kyc_applications')
    .dropConstraint('kyc_applications_document_type_check')
    .execute();
  await db.schema
    .alterTable('kyc_applications')
    .addCheckConstraint(
      'kyc_applications_document_type_check',
      documentTypes([...before, 'residence_permit']),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db
    .updateTable('kyc_applications')
    .set({ document_type: null })
    .where('document_type', '=', 'residence_permit')
    .execute();
  await db.schema
    .alterTable('kyc_applications')
    .dropConstraint('kyc_applications_document_type_check')
    .execute();
  await db.schema
    .alterTable('kyc_applications')
    .addCheckConstraint('kyc_applications_document_type_check', documentTypes(before))
    .execute();
  await db.schema.alterTable('kyc_applications').dropColumn('document_full_name').execute();
}
