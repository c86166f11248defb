/**
 * Every migration, in order. Listed statically (not read from disk) so they run the same from
 * source (tsx) and from the build. Add new ones at the end; never edit one that has shipped.
 */
import type { Migration } from 'kysely';
import * as m0001 from './0001_users_auth_audit.js';
import * as m0002 from './0002_chain.js';
import * as m0003 from './0003_verification.js';
import * as m0004 from './0004_issuance.js';
import * as m0005 from './0005_fiat_wallets.js';
import * as m0006 from './0006_kyc_claim_revocations.js';
import * as m0007 from './0007_job_leases.js';
import * as m0008 from './0008_kyc_provider_capture.js';
import * as m0009 from './0009_dividends.js';
import * as m0010 from './0010_trading.js';
import * as m0011 from './0011_settlement_batches.js';
import * as m0013 from './0013_otc.js';
import * as m0014 from './0014_market_data.js';
import * as m0015 from './0015_login_throttles.js';
import * as m0016 from './0016_compliance_rules.js';
import * as m0017 from './0017_chain_waits.js';
import * as m0018 from './0018_trading_write_cuts.js';
import * as m0019 from './0019_agent_actions.js';
import * as m0020 from './0020_issuer_shares.js';
import * as m0022 from './0022_password_change_required.js';
import * as m0023 from './0023_token_movements.js';
import * as m0024 from './0024_wallet_recovery.js';
import * as m0026 from './0026_book_leases.js';
import * as m0027 from './0027_order_audit.js';
import * as m0028 from './0028_feed_sequence.js';
import * as m0030 from './0030_node_heartbeats.js';
import * as m0031 from './0031_order_refusal_columns.js';
import * as m0032 from './0032_identity_country_updates.js';
import * as m0034 from './0034_chain_confirmations.js';
import * as m0035 from './0035_role_grants.js';
import * as m0036 from './0036_trade_notices.js';
import * as m0040 from './0040_api_keys.js';
import * as m0041 from './0041_kyc_revocation.js';
import * as m0042 from './0042_email_outbox_notifications.js';
import * as m0043 from './0043_email_verification.js';
import * as m0044 from './0044_second_factors.js';
import * as m0045 from './0045_sessions.js';
import * as m0047 from './0047_dividend_record_snapshot.js';
import * as m0048 from './0048_fiat_bank_references.js';
import * as m0049 from './0049_fix_sessions.js';
import * as m0050 from './0050_fix_session_store.js';
import * as m0051 from './0051_trading_calendars.js';
import * as m0052 from './0052_trading_sessions.js';
import * as m0062 from './0062_shareholder_meetings.js';
import * as m0057 from './0057_call_auctions.js';
import * as m0058 from './0058_auction_cancel_alerts.js';
import * as m0065 from './0065_share_splits.js';
import * as m0066 from './0066_fix_drop_copy_scope.js';
import * as m0068 from './0068_debt_tokens.js';
import * as m0069 from './0069_debt_burn_retries.js';
import * as m0071 from './0071_trading_read_versions.js';
import * as m0072 from './0072_settlement_queue_indexes.js';
import * as m0073 from './0073_check_domains.js';
import * as m0074 from './0074_job_notifications.js';
import * as m0075 from './0075_settlement_queue.js';
import * as m0076 from './0076_settlement_queue_batch_key.js';
import * as m0053 from './0053_bank_accounts.js';
import * as m0054 from './0054_investor_classifications.js';
import * as m0055 from './0055_verification_documents.js';

export const migrations: Record<string, Migration> = {
  '0001_users_auth_audit': m0001,
  '0002_chain': m0002,
  '0003_verification': m0003,
  '0004_issuance': m0004,
  '0005_fiat_wallets': m0005,
  '0006_kyc_claim_revocations': m0006,
  '0007_job_leases': m0007,
  '0008_kyc_provider_capture': m0008,
  '0009_dividends': m0009,
  '0010_trading': m0010,
  '0011_settlement_batches': m0011,
  '0013_otc': m0013,
  '0014_market_data': m0014,
  '0015_login_throttles': m0015,
  '0016_compliance_rules': m0016,
  '0017_chain_waits': m0017,
  '0018_trading_write_cuts': m0018,
  '0019_agent_actions': m0019,
  '0020_issuer_shares': m0020,
  '0022_password_change_required': m0022,
  '0023_token_movements': m0023,
  '0024_wallet_recovery': m0024,
  '0026_book_leases': m0026,
  '0027_order_audit': m0027,
  '0028_feed_sequence': m0028,
  '0030_node_heartbeats': m0030,
  '0031_order_refusal_columns': m0031,
  '0032_identity_country_updates': m0032,
  '0034_chain_confirmations': m0034,
  '0035_role_grants': m0035,
  '0036_trade_notices': m0036,
  '0040_api_keys': m0040,
  '0041_kyc_revocation': m0041,
  '0042_email_outbox_notifications': m0042,
  '0043_email_verification': m0043,
  '0044_second_factors': m0044,
  '0045_sessions': m0045,
  '0047_dividend_record_snapshot': m0047,
  '0048_fiat_bank_references': m0048,
  '0049_fix_sessions': m0049,
  '0050_fix_session_store': m0050,
  '0051_trading_calendars': m0051,
  '0052_trading_sessions': m0052,
  '0062_shareholder_meetings': m0062,
  '0057_call_auctions': m0057,
  '0058_auction_cancel_alerts': m0058,
  '0065_share_splits': m0065,
  '0066_fix_drop_copy_scope': m0066,
  '0068_debt_tokens': m0068,
  '0069_debt_burn_retries': m0069,
  '0053_bank_accounts': m0053,
  '0054_investor_classifications': m0054,
  '0055_verification_documents': m0055,
  '0071_trading_read_versions': m0071,
  '0072_settlement_queue_indexes': m0072,
  '0073_check_domains': m0073,
  '0074_job_notifications': m0074,
  '0075_settlement_queue': m0075,
  '0076_settlement_queue_batch_key': m0076,
};
