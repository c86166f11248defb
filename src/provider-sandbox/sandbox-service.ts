/**
 * The sandbox's use cases, shared by the provider API, the widget and the operator page. Each one
 * applies a pure transition, records the webhooks it causes, and flushes the store once.
 * In automatic mode a submitted applicant is decided after the configured delay by the rules of
 * decision-rules.ts; a company waits on hold until its beneficiaries have final answers.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Logger } from '../lib/logger.js';
import type { Applicant, ApplicantType, Beneficiary, IdDoc, ReviewResult } from './applicant.js';
import type { WidgetStep } from './applicant.js';
import {
  acceptsDocuments,
  changeFixedInfo,
  completeStep,
  createApplicant,
  decide,
  hold,
  reset,
  submit,
} from './applicant-transitions.js';
import { automaticDecision } from './decision-rules.js';
import { KeyedTimers } from './keyed-timers.js';
import type { Level, LevelCatalogue } from './levels.js';
import { badRequest, conflict, notFound, ProviderError } from './provider-errors.js';
import { objectId, shortId } from './provider-formats.js';
import type { AccessToken, Delivery, SandboxStore } from './sandbox-store.js';
import type { WebhookDispatcher } from './webhook-dispatcher.js';

export interface SandboxSettings {
  levels: LevelCatalogue;
  /** the level of the nested applicants created for beneficiaries */
  individualLevel: string;
  mode: 'automatic' | 'manual';
  decisionDelayMs: number;
  defaultTokenTtlSeconds: number;
}

export interface NewApplicantInput {
  externalUserId?: string;
  type?: ApplicantType;
  email?: string;
  fixedInfo?: Record<string, unknown>;
}

export type BeneficiaryInput = Pick<Beneficiary, 'types' | 'shareSize'> &
  ({ applicantId: string } | { beneficiaryInfo: Record<string, unknown> });

export class ProviderSandbox {
  private readonly timers = new KeyedTimers();

  constructor(
    private readonly store: SandboxStore,
    private readonly webhooks: WebhookDispatcher,
    private readonly settings: SandboxSettings,
    private readonly now: () => number,
    private readonly logger: Logger,
  ) {}

  level(name: string): Level {
    const level = this.settings.levels.get(name);
    if (!level) throw badRequest(`Level '${name}' is not found`);
    return level;
  }

  applicant(id: string): Applicant {
    const applicant = this.store.applicant(id);
    if (!applicant) throw notFound('Applicant');
    return applicant;
  }

  applicantByExternalUserId(externalUserId: string): Applicant {
    const applicant = this.findByExternalUserId(externalUserId);
    if (!applicant) throw notFound('Applicant');
    return applicant;
  }

  findByExternalUserId(externalUserId: string): Applicant | undefined {
    return this.store.applicantByExternalUserId(externalUserId);
  }

  applicants(): Applicant[] {
    return this.store.applicants();
  }

  webhookDeliveries(): Delivery[] {
    return this.store.deliveries();
  }

  createApplicant(levelName: string, input: NewApplicantInput): Applicant {
    const applicant = this.addApplicant(levelName, input);
    this.store.flush();
    return applicant;
  }

  changeProvidedInfo(id: string, changes: Record<string, unknown>): Applicant {
    const changed = changeFixedInfo(this.applicant(id), changes);
    this.store.putApplicant(changed);
    this.webhooks.enqueue('applicantPersonalInfoChanged', changed);
    this.store.flush();
    return changed;
  }

  issueAccessToken(userId: string, levelName: string, ttlInSecs?: number): AccessToken {
    this.level(levelName);
    const at = this.now();
    const ttl = ttlInSecs ?? this.settings.defaultTokenTtlSeconds;
    const token: AccessToken = {
      token: `_act-sbx-${randomUUID()}`,
      userId,
      levelName,
      expiresAt: at + ttl * 1000,
    };
    this.store.dropExpiredTokens(at);
    this.store.putAccessToken(token);
    this.store.flush();
    return token;
  }

  /**
   * The applicant a widget token opens; like the provider, the first use of a token for an
   * unknown user id creates that applicant at the token's level.
   */
  widgetApplicant(token: string): { applicant: Applicant; level: Level } {
    const access = this.store.accessToken(token);
    if (!access || access.expiresAt <= this.now()) {
      throw new ProviderError(401, 'The access token is unknown or expired');
    }
    const existing = this.store.applicantByExternalUserId(access.userId);
    const applicant =
      existing ??
      this.createApplicant(access.levelName, {
        externalUserId: access.userId,
        type: this.level(access.levelName).applicantType,
      });
    return { applicant, level: this.level(applicant.levelName) };
  }

  completeWidgetStep(token: string, step: WidgetStep, idDoc?: IdDoc): Applicant {
    const { applicant, level } = this.widgetApplicant(token);
    if (!level.steps.includes(step)) {
      throw badRequest(`Step ${step} is not part of level '${level.name}'`);
    }
    const next = completeStep(applicant, step, idDoc);
    this.store.putApplicant(next);
    this.store.flush();
    return next;
  }

  /** The widget's final button: every step of the level must be done. */
  submitFromWidget(token: string): Applicant {
    const { applicant, level } = this.widgetApplicant(token);
    const missing = level.steps.filter((step) => !applicant.completedSteps.includes(step));
    if (acceptsDocuments(applicant) && missing.length > 0) {
      throw conflict(`Step ${missing.join(', ')} is not completed`);
    }
    return this.requestCheck(applicant.id);
  }

  /**
   * `status/pending`. Through the API the sandbox takes the documents as given (it has no
   * document upload), so only the widget insists on its steps.
   */
  requestCheck(id: string): Applicant {
    const submitted = this.submitApplicant(this.applicant(id));
    if (this.settings.mode === 'automatic' && submitted.type === 'company') {
      // The provider e-mails each owner a KYC link; in automatic mode owners who have not
      // submitted yet are submitted with their company, as though they had followed the link.
      for (const beneficiary of submitted.beneficiaries) {
        const owner = this.store.applicant(beneficiary.applicantId);
        if (owner?.review.reviewStatus === 'init') this.submitApplicant(owner);
      }
    }
    this.store.flush();
    return submitted;
  }

  resetApplicant(id: string): Applicant {
    const next = reset(this.applicant(id), shortId());
    this.timers.cancel(id);
    this.store.putApplicant(next);
    this.webhooks.enqueue('applicantReset', next);
    this.store.flush();
    return next;
  }

  /** A verdict from the operator or the test-review endpoint; it replaces a scheduled automatic one. */
  decideApplicant(id: string, result: ReviewResult): Applicant {
    this.timers.cancel(id);
    const decided = decide(this.applicant(id), result, this.now());
    this.store.putApplicant(decided);
    this.webhooks.enqueue('applicantReviewed', decided);
    this.store.flush();
    this.reconsiderCompaniesOf(decided);
    return decided;
  }

  addBeneficiary(companyId: string, input: BeneficiaryInput): Beneficiary {
    const company = this.applicant(companyId);
    if (company.type !== 'company') {
      throw badRequest(`Applicant ${companyId} is not a company applicant`);
    }
    const person =
      'applicantId' in input
        ? this.linkExisting(input.applicantId, companyId)
        : this.addApplicant(this.settings.individualLevel, {
            externalUserId: `beneficiary-${randomBytes(12).toString('hex')}`,
            type: 'individual',
            fixedInfo: input.beneficiaryInfo,
            memberOf: [companyId],
          });
    const beneficiary: Beneficiary = {
      id: objectId(this.now()),
      applicantId: person.id,
      types: input.types,
      ...(input.shareSize === undefined ? {} : { shareSize: input.shareSize }),
      ...('beneficiaryInfo' in input ? { beneficiaryInfo: input.beneficiaryInfo } : {}),
    };
    this.store.putApplicant({ ...company, beneficiaries: [...company.beneficiaries, beneficiary] });
    this.store.flush();
    return beneficiary;
  }

  /** After a restart: automatic decisions that were due are scheduled again. */
  resume(): void {
    if (this.settings.mode !== 'automatic') return;
    for (const applicant of this.store.applicants()) {
      const status = applicant.review.reviewStatus;
      if (status === 'pending' || status === 'onHold') this.scheduleAutomaticDecision(applicant.id);
    }
  }

  stop(): void {
    this.timers.cancelAll();
  }

  private addApplicant(
    levelName: string,
    input: NewApplicantInput & { memberOf?: string[] },
  ): Applicant {
    const level = this.level(levelName);
    const type = input.type ?? 'individual';
    if (level.applicantType !== type) {
      throw badRequest(
        `Level '${levelName}' is for ${level.applicantType} applicants, not for ${type} applicants`,
      );
    }
    const externalUserId = input.externalUserId ?? `preview-random-${randomUUID()}`;
    const existing = this.store.applicantByExternalUserId(externalUserId);
    if (existing) {
      throw conflict(
        `Applicant with external user id '${externalUserId}' already exists: ${existing.id}`,
      );
    }
    const at = this.now();
    const applicant = createApplicant(
      {
        id: objectId(at),
        inspectionId: objectId(at),
        reviewId: shortId(),
        attemptId: shortId(),
        externalUserId,
        type,
        levelName,
        ...(input.email === undefined ? {} : { email: input.email }),
        fixedInfo: input.fixedInfo ?? {},
        ...(input.memberOf === undefined ? {} : { memberOf: input.memberOf }),
      },
      at,
    );
    this.store.putApplicant(applicant);
    this.webhooks.enqueue('applicantCreated', applicant);
    return applicant;
  }

  private linkExisting(applicantId: string, companyId: string): Applicant {
    const person = this.applicant(applicantId);
    if (person.type !== 'individual') {
      throw badRequest(`Applicant ${applicantId} is not an individual applicant`);
    }
    const linked = person.memberOf.includes(companyId)
      ? person
      : { ...person, memberOf: [...person.memberOf, companyId] };
    this.store.putApplicant(linked);
    return linked;
  }

  private submitApplicant(applicant: Applicant): Applicant {
    const submitted = submit(applicant, shortId(), this.now());
    this.store.putApplicant(submitted);
    this.webhooks.enqueue('applicantPending', submitted);
    if (this.settings.mode === 'automatic') this.scheduleAutomaticDecision(submitted.id);
    return submitted;
  }

  private scheduleAutomaticDecision(id: string): void {
    this.timers.schedule(id, this.settings.decisionDelayMs, () => this.decideAutomatically(id));
  }

  private decideAutomatically(id: string): void {
    try {
      const applicant = this.store.applicant(id);
      const status = applicant?.review.reviewStatus;
      if (!applicant || (status !== 'pending' && status !== 'onHold')) return;
      const owners = applicant.beneficiaries
        .map((b) => this.store.applicant(b.applicantId))
        .filter((owner): owner is Applicant => owner !== undefined);
      const outcome = automaticDecision(applicant, owners);
      if (outcome.kind === 'decide') {
        this.decideApplicant(id, outcome.result);
      } else if (status === 'pending') {
        const held = hold(applicant);
        this.store.putApplicant(held);
        this.webhooks.enqueue('applicantOnHold', held);
        this.store.flush();
      }
    } catch (error) {
      this.logger.error({ err: error, applicantId: id }, 'automatic decision failed');
    }
  }

  /** A company on hold for its owners is looked at again when one of them gets a verdict. */
  private reconsiderCompaniesOf(person: Applicant): void {
    if (this.settings.mode !== 'automatic') return;
    for (const companyId of person.memberOf) {
      if (this.store.applicant(companyId)?.review.reviewStatus === 'onHold') {
        this.scheduleAutomaticDecision(companyId);
      }
    }
  }
}
