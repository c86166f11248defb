/**
 * A transaction ready to sign: target, calldata and a gas limit from the node's estimate. The
 * estimate runs the call against the current state, so a call the contracts would refuse fails
 * here with its revert reason and nothing is sent. Both builders type-check the call against the
 * generated `as const` ABIs.
 */
import {
  encodeDeployData,
  encodeFunctionData,
  type Abi,
  type Address,
  type ContractConstructorArgs,
  type ContractFunctionArgs,
  type ContractFunctionName,
  type EncodeDeployDataParameters,
  type EncodeFunctionDataParameters,
  type EstimateContractGasParameters,
  type Hex,
} from 'viem';
import { onChain } from './chain-errors.js';
import type { ChainSession } from './chain-session.js';

export interface PreparedCall {
  /** null for a contract creation */
  to: Address | null;
  data: Hex;
  gas: bigint;
}

type Writable = 'nonpayable' | 'payable';

/** Headroom over the estimate: state can change between the estimate and the block. */
function withMargin(gas: bigint): bigint {
  return (gas * 12n) / 10n;
}

export async function prepareCall<
  const abi extends Abi,
  functionName extends ContractFunctionName<abi, Writable>,
>(
  session: ChainSession,
  call: {
    address: Address;
    abi: abi;
    functionName: functionName;
    args: ContractFunctionArgs<abi, Writable, functionName>;
  },
): Promise<PreparedCall> {
  // The casts only widen: the parameter type above already checked the call against the ABI.
  const gas = await onChain(() =>
    session.client.estimateContractGas({
      ...call,
      account: session.signer,
    } as unknown as EstimateContractGasParameters),
  );
  const data = encodeFunctionData(call as unknown as EncodeFunctionDataParameters);
  return { to: call.address, data, gas: withMargin(gas) };
}

export async function prepareDeploy<const abi extends Abi>(
  session: ChainSession,
  deploy: { abi: abi; bytecode: Hex; args: ContractConstructorArgs<abi> },
): Promise<PreparedCall> {
  const data = encodeDeployData(deploy as unknown as EncodeDeployDataParameters);
  const gas = await onChain(() => session.client.estimateGas({ account: session.signer, data }));
  return { to: null, data, gas: withMargin(gas) };
}
