/**
 * Identity verification: the status (GET /kyc/me) and, while a submission is possible, the two
 * ways in: the provider (the applicant's data, POST /kyc/submit, then the provider's widget on
 * its own page beside this one) or the manual form that staff review. While the application is
 * open the page says where it stands (the provider's live state: documents still to give, given,
 * checked, reviewed) and is re-read every few seconds; until the documents are submitted it offers
 * to continue on the provider's page. The manual form takes the document's images. Investors
 * then say how they are classified (classification.tsx), which sets their limits.
 */
import { useEffect } from 'preact/hooks';
import { ok, platform } from '../api.js';
import { useMe } from '../app.js';
import { FileField, sendFile } from '../documents.js';
import { Classification } from './classification.js';
import type { KycStage, PostBody } from '../types.js';
import {
  ActionButton,
  ActionForm,
  CountrySelect,
  Field,
  Loaded,
  Select,
  label,
  useLoad,
} from '../ui.js';

const pendingStatuses = new Set(['pending', 'in_review']);
type DocumentType = PostBody<'/api/v1/kyc'>['document_type'];

/** What the applicant reads at each stage of an open application. */
const stageText: Record<Exclude<KycStage, 'decided'>, string> = {
  created:
    "You have not given your documents yet. Continue on the provider's page to upload your identity document and take a selfie.",
  documents_pending:
    "Some steps are still to do. Continue on the provider's page to finish them and submit.",
  submitted: 'Your documents are submitted; the provider is checking them.',
  in_review: 'Your application is being reviewed.',
};
/** A manual application has no provider: staff read the form. */
const manualText = 'Your application is submitted; our staff review it.';
const toContinue = new Set<KycStage>(['created', 'documents_pending']);

/** The provider's page for the documents (the sandbox's widget), beside this one. */
async function openProviderPage(): Promise<void> {
  const { widget_url } = await ok(platform.GET('/api/v1/kyc/provider-token'));
  if (!widget_url) throw new Error('The provider has no web page configured.');
  window.open(widget_url, '_blank', 'noopener');
}

/**
 * A verification staff revoked: what still works and what to do next, never why (the reason is
 * staff's; telling it would be tipping off).
 */
function Revoked({ mayVerifyAgain }: { mayVerifyAgain: boolean }) {
  return (
    <div class="next-step" data-testid="kyc-revoked">
      <p>
        Your identity verification is no longer valid. Trading, subscriptions and deposits are
        closed to this account.
      </p>
      <p>
        You can still see your <a href="#/portfolio">portfolio</a> and statements, and request a
        withdrawal of your cash: our staff review it before it is paid.
      </p>
      <p>
        {mayVerifyAgain
          ? 'You can verify your identity again below.'
          : 'If you have questions, contact our support team.'}
      </p>
    </div>
  );
}

export function Kyc() {
  const { me, reload: reloadMe } = useMe();
  const status = useLoad(() => ok(platform.GET('/api/v1/kyc/me')));
  const pending = status.data ? pendingStatuses.has(status.data.status) : false;
  const decided = status.data?.status;
  useEffect(() => {
    if (decided !== undefined && decided !== me.kyc_status) reloadMe();
  }, [decided, me.kyc_status, reloadMe]);
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(status.reload, 3000);
    return () => clearInterval(timer);
  }, [pending, status.reload]);
  return (
    <section>
      <h1>Identity verification</h1>
      <Loaded state={status}>
        {(s) => (
          <>
            <p>
              Status:{' '}
              <strong data-testid="kyc-page-status">
                {s.application?.revoked_at ? 'revoked' : label(s.status)}
              </strong>
              {s.kyc_level > 0 && !s.application?.revoked_at ? ` (level ${s.kyc_level})` : ''}
            </p>
            {s.application?.revoked_at ? (
              <Revoked mayVerifyAgain={s.can_submit} />
            ) : s.application?.rejection_reason ? (
              <p class="error">Rejected: {s.application.rejection_reason}</p>
            ) : null}
            {pending && s.stage && s.stage !== 'decided' ? (
              <p class="muted" data-testid="kyc-stage" data-stage={s.stage}>
                {s.application?.verification_provider === 'manual'
                  ? manualText
                  : stageText[s.stage]}{' '}
                This page updates by itself.{' '}
                <button
                  type="button"
                  class="link"
                  onClick={() => {
                    status.reload();
                    reloadMe();
                  }}
                >
                  Check now
                </button>
              </p>
            ) : null}
            {pending && s.stage && toContinue.has(s.stage) ? (
              <ActionButton
                kind="primary"
                label="Continue with the provider"
                onClick={openProviderPage}
              />
            ) : null}
            {s.can_submit ? (
              <div class="columns">
                <div>
                  <h2>Verify with our provider</h2>
                  <p>
                    Give your name as on your document; then upload the document and take a selfie
                    on the provider's secure page, which opens in a new tab.
                  </p>
                  <ActionForm
                    label="Provider KYC"
                    submit="Continue to the provider"
                    onSubmit={async (v) => {
                      await ok(
                        platform.POST('/api/v1/kyc/submit', {
                          body: {
                            first_name: v.first_name ?? '',
                            last_name: v.last_name ?? '',
                            date_of_birth: v.date_of_birth ?? '',
                            nationality: v.nationality?.toUpperCase() ?? '',
                            ...(v.country_of_residence
                              ? { country_of_residence: v.country_of_residence.toUpperCase() }
                              : {}),
                          },
                        }),
                      );
                      await openProviderPage();
                      status.reload();
                      reloadMe();
                    }}
                  >
                    <Field
                      label="First name"
                      name="first_name"
                      autocomplete="given-name"
                      required
                    />
                    <Field label="Last name" name="last_name" autocomplete="family-name" required />
                    <Field label="Date of birth" name="date_of_birth" type="date" required />
                    <CountrySelect label="Nationality" name="nationality" required />
                    <CountrySelect label="Country of residence" name="country_of_residence" />
                  </ActionForm>
                </div>
                <div>
                  <h2>Or fill in the form for manual review</h2>
                  <ActionForm
                    label="Manual KYC"
                    submit="Submit for review"
                    done="Submitted. Staff will review your application."
                    onSubmit={async (v) => {
                      const optional = [
                        'address_line1',
                        'city',
                        'postal_code',
                        'country_of_residence',
                      ];
                      // the images first: the application names what was uploaded
                      const documentIds: string[] = [];
                      for (const purpose of [
                        'identity_front',
                        'identity_back',
                        'selfie',
                      ] as const) {
                        const id = await sendFile(purpose, v[purpose]);
                        if (id) documentIds.push(id);
                      }
                      await ok(
                        platform.POST('/api/v1/kyc', {
                          body: {
                            document_ids: documentIds,
                            full_name: v.full_name ?? '',
                            nationality: v.nationality?.toUpperCase() ?? '',
                            date_of_birth: v.date_of_birth ?? '',
                            // the select offers only the document types the API takes
                            document_type: v.document_type as DocumentType,
                            document_number: v.document_number ?? '',
                            ...Object.fromEntries(
                              optional.filter((k) => v[k]).map((k) => [k, v[k]]),
                            ),
                          },
                        }),
                      );
                      status.reload();
                      reloadMe();
                    }}
                  >
                    <Field label="Full name" name="full_name" required />
                    <CountrySelect label="Nationality" name="nationality" required />
                    <Field label="Date of birth" name="date_of_birth" type="date" required />
                    <Select
                      label="Document"
                      name="document_type"
                      options={[
                        ['passport', 'passport'],
                        ['national_id', 'national ID'],
                        ['emirates_id', 'Emirates ID'],
                        ['drivers_license', "driver's license"],
                      ]}
                    />
                    <Field label="Document number" name="document_number" required />
                    <FileField
                      label="Document image, front"
                      name="identity_front"
                      required
                      hint="A photo or scan (JPEG, PNG or PDF, up to 4 MB). Kept encrypted; only our staff see it."
                    />
                    <FileField label="Document image, back (if it has one)" name="identity_back" />
                    <FileField label="Selfie holding the document" name="selfie" />
                    <Field label="Address" name="address_line1" />
                    <Field label="City" name="city" />
                    <Field label="Postal code" name="postal_code" />
                    <CountrySelect label="Country of residence" name="country_of_residence" />
                  </ActionForm>
                </div>
              </div>
            ) : null}
          </>
        )}
      </Loaded>
      {me.role === 'investor' ? <Classification /> : null}
    </section>
  );
}
