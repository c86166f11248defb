/** A bank account to put on file (PUT /api/v1/fiat/bank-account) before a withdrawal. */
export const testBankAccount = { holder_name: 'Test Holder', iban: 'GB82 WEST 1234 5698 7654 32' };
