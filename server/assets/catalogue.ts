/**
 * What the simulator's asset area offers: coins with their chains (confirmations, minimums, fees,
 * address formats), savings products, the coins a unified account may use as collateral, and the
 * deterministic deposit addresses. Amounts are decimal strings here, BigInt E8 in the books.
 */
import { createHash } from 'node:crypto';
import type { ChainInfo, CoinInfo } from '../../src/api/types';

export interface ChainSpec extends ChainInfo {
  /** What an address on this chain looks like (checked before a withdrawal). */
  address: RegExp;
  /** What a tag looks like where the chain needs one. */
  tag?: RegExp;
}

export interface CoinSpec extends Omit<CoinInfo, 'chains'> {
  chains: ChainSpec[];
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const B58 = '[1-9A-HJ-NP-Za-km-z]';

const EVM = /^0x[0-9a-fA-F]{40}$/;
const TRON = new RegExp(`^T${B58}{33}$`);
const SOLANA = new RegExp(`^${B58}{32,44}$`);
const BITCOIN = new RegExp(`^(?:bc1[${BECH32}]{11,71}|[13]${B58}{25,34})$`);
const RIPPLE = new RegExp(`^r${B58}{24,34}$`);
const DOGE = new RegExp(`^D${B58}{33}$`);
const EOS = /^[a-z1-5.]{1,12}$/;
const NUMERIC_TAG = /^[0-9]{1,10}$/;
const MEMO_TAG = /^[A-Za-z0-9]{1,32}$/;

function chain(
  chain: string,
  name: string,
  address: RegExp,
  confirmations: number,
  minDeposit: string,
  minWithdraw: string,
  withdrawFee: string,
  extra: Partial<ChainSpec> = {},
): ChainSpec {
  return {
    chain,
    name,
    needTag: false,
    confirmations,
    minDeposit,
    minWithdraw,
    withdrawFee,
    depositEnabled: true,
    withdrawEnabled: true,
    address,
    ...extra,
  };
}

/** The coins of the asset area (every coin an account can hold), in display order. */
export const COINS: readonly CoinSpec[] = [
  {
    coin: 'USDT',
    name: 'Tether USDT',
    precision: 6,
    chains: [
      chain('TRX', 'TRC20', TRON, 2, '1', '10', '1'),
      chain('ETH', 'ERC20', EVM, 6, '5', '20', '4.5'),
      chain('BSC', 'BEP20', EVM, 3, '1', '10', '0.3'),
      chain('SOL', 'SOL', SOLANA, 2, '1', '5', '1'),
    ],
  },
  {
    coin: 'USDC',
    name: 'USD Coin',
    precision: 6,
    chains: [
      chain('ETH', 'ERC20', EVM, 6, '5', '20', '4.5'),
      chain('SOL', 'SOL', SOLANA, 2, '1', '5', '1'),
    ],
  },
  {
    coin: 'BTC',
    name: 'Bitcoin',
    precision: 8,
    chains: [chain('BTC', 'Bitcoin', BITCOIN, 2, '0.0001', '0.001', '0.0002')],
  },
  {
    coin: 'ETH',
    name: 'Ethereum',
    precision: 8,
    chains: [
      chain('ETH', 'ERC20', EVM, 6, '0.001', '0.01', '0.0015'),
      chain('ARBI', 'Arbitrum One', EVM, 3, '0.001', '0.005', '0.0002'),
    ],
  },
  {
    coin: 'SOL',
    name: 'Solana',
    precision: 8,
    chains: [chain('SOL', 'SOL', SOLANA, 2, '0.01', '0.1', '0.01')],
  },
  {
    coin: 'XRP',
    name: 'XRP',
    precision: 6,
    chains: [
      chain('XRP', 'XRP Ledger', RIPPLE, 1, '1', '20', '0.25', { needTag: true, tag: NUMERIC_TAG }),
    ],
  },
  {
    coin: 'EOS',
    name: 'EOS',
    precision: 4,
    // Withdrawals on EOS are suspended in the simulator (the "network unavailable" case).
    chains: [
      chain('EOS', 'EOS', EOS, 1, '0.1', '1', '0.1', {
        needTag: true,
        tag: MEMO_TAG,
        withdrawEnabled: false,
      }),
    ],
  },
  {
    coin: 'DOGE',
    name: 'Dogecoin',
    precision: 8,
    chains: [chain('DOGE', 'Dogecoin', DOGE, 4, '10', '50', '4')],
  },
  // Valued, held in fiat and MT4/MT5 accounts; no chain.
  { coin: 'USD', name: 'US Dollar', precision: 2, chains: [] },
];

const BY_COIN: ReadonlyMap<string, CoinSpec> = new Map(COINS.map((c) => [c.coin, c]));

export function coinSpec(coin: string): CoinSpec | undefined {
  return BY_COIN.get(coin);
}

export function chainSpec(coin: string, chainName: string): ChainSpec | undefined {
  return BY_COIN.get(coin)?.chains.find((c) => c.chain === chainName);
}

/** Coin info as on the wire (without the address formats). */
export function coinInfoList(): CoinInfo[] {
  return COINS.filter((c) => c.chains.length > 0).map((c) => ({
    coin: c.coin,
    name: c.name,
    precision: c.precision,
    chains: c.chains.map(({ address: _a, tag: _t, ...info }) => info),
  }));
}

/** Coins a unified account may count as collateral (stablecoins and majors). */
export const COLLATERALABLE: ReadonlySet<string> = new Set(['USDT', 'USDC', 'BTC', 'ETH', 'SOL']);

export interface SavingsProductSpec {
  productId: string;
  coin: string;
  apy: string;
  termDays: number;
  minAmount: string;
}

/** Every savings product (each user's overview lists them all, with what the user holds). */
export const SAVINGS_PRODUCTS: readonly SavingsProductSpec[] = [
  { productId: 'sav-usdt-flex', coin: 'USDT', apy: '0.045', termDays: 0, minAmount: '1' },
  { productId: 'sav-usdt-30d', coin: 'USDT', apy: '0.081', termDays: 30, minAmount: '100' },
  { productId: 'sav-usdc-flex', coin: 'USDC', apy: '0.042', termDays: 0, minAmount: '1' },
  { productId: 'sav-btc-flex', coin: 'BTC', apy: '0.012', termDays: 0, minAmount: '0.0001' },
  { productId: 'sav-eth-flex', coin: 'ETH', apy: '0.025', termDays: 0, minAmount: '0.001' },
  { productId: 'sav-sol-flex', coin: 'SOL', apy: '0.061', termDays: 0, minAmount: '0.1' },
];

export function savingsProduct(productId: string): SavingsProductSpec | undefined {
  return SAVINGS_PRODUCTS.find((p) => p.productId === productId);
}

/** Auto-saving is supported for a coin with a flexible savings product. */
export const AUTO_SAVING_SUPPORTED: ReadonlySet<string> = new Set(
  SAVINGS_PRODUCTS.filter((p) => p.termDays === 0).map((p) => p.coin),
);

/** Coins the auto-saving list shows (the supported ones and a few that are not). */
export const AUTO_SAVING_COINS: readonly string[] = [
  'USDT',
  'USDC',
  'BTC',
  'ETH',
  'SOL',
  'XRP',
  'DOGE',
];

/**
 * What pledge loans offer (docs/assets.md, "Savings and pledge loans"; SPEC.md names the
 * "pledge-loan token lists" and no shape, so these terms are ours, after the crypto loans of the
 * major exchanges): the coins one may borrow, each with its hourly rate and smallest loan, and the
 * coins one may pledge, each with its initial LTV (the most a new loan may take against it) and
 * its liquidation LTV. A loan keeps the rate and the liquidation LTV it was taken at. The two lists
 * have no coin in common: a loan is never pledged in its own coin.
 */
interface PledgeLoanCoinSpec {
  coin: string;
  /** Interest per hour, a fraction ("0.0000057" = 0.00057 %). */
  hourlyRate: string;
  /** The smallest loan, in the coin. */
  minAmount: string;
}

interface PledgeCollateralSpec {
  coin: string;
  /** A new loan's LTV may be at most this (loan value / collateral value). */
  initialLtv: string;
  /** At this LTV the collateral is liquidated. */
  liquidationLtv: string;
}

const PLEDGE_LOAN_COINS: readonly PledgeLoanCoinSpec[] = [
  { coin: 'USDT', hourlyRate: '0.0000057', minAmount: '10' },
  { coin: 'USDC', hourlyRate: '0.0000053', minAmount: '10' },
];

const PLEDGE_COLLATERAL_COINS: readonly PledgeCollateralSpec[] = [
  { coin: 'BTC', initialLtv: '0.65', liquidationLtv: '0.85' },
  { coin: 'ETH', initialLtv: '0.65', liquidationLtv: '0.85' },
  { coin: 'SOL', initialLtv: '0.6', liquidationLtv: '0.85' },
];

export const pledgeLoanCoin = (coin: string): PledgeLoanCoinSpec | undefined =>
  PLEDGE_LOAN_COINS.find((c) => c.coin === coin);

export const pledgeCollateral = (coin: string): PledgeCollateralSpec | undefined =>
  PLEDGE_COLLATERAL_COINS.find((c) => c.coin === coin);

/** The pledge terms as the overview carries them (copies: the wire never shares the catalogue). */
export function pledgeTerms(): {
  loanCoins: PledgeLoanCoinSpec[];
  collateralCoins: PledgeCollateralSpec[];
} {
  return {
    loanCoins: PLEDGE_LOAN_COINS.map((c) => ({ ...c })),
    collateralCoins: PLEDGE_COLLATERAL_COINS.map((c) => ({ ...c })),
  };
}

/**
 * Open loans one user may have at once: a bound on what a client can make the simulator keep
 * (a borrow beyond it is refused with 131018; repaying one in full makes room).
 */
export const MAX_OPEN_LOANS = 20;

/** Daily withdrawal limit in USD by KYC level. */
export function withdrawLimitUsd(kycLevel: number): string {
  // Level 0 may not withdraw at all (registerPermission's canWithdraw).
  return kycLevel >= 2 ? '1000000.00' : kycLevel === 1 ? '50000.00' : '0.00';
}

function digest(...parts: (string | number)[]): Buffer {
  return createHash('sha256').update(parts.join(':')).digest();
}

function encode(bytes: Buffer, alphabet: string, length: number): string {
  let n = BigInt(`0x${bytes.toString('hex')}`);
  const base = BigInt(alphabet.length);
  let out = '';
  for (let i = 0; i < length; i++) {
    out += alphabet[Number(n % base)];
    n /= base;
    if (n === 0n) n = BigInt(`0x${digest(bytes.toString('hex'), i).toString('hex')}`);
  }
  return out;
}

/**
 * A user's deposit address (and tag) for a coin on a chain: derived from the user id, coin and
 * chain, so the same on every call and every run. Chains with tags use one exchange address and
 * the tag tells users apart.
 */
export function depositAddressOf(
  userId: number,
  coin: string,
  chainName: string,
): { address: string; tag: string } {
  const d = digest('assetdeck-deposit', userId, coin, chainName);
  switch (chainName) {
    case 'ETH':
    case 'BSC':
    case 'ARBI':
      return { address: `0x${d.subarray(0, 20).toString('hex')}`, tag: '' };
    case 'TRX':
      return { address: `T${encode(d, BASE58, 33)}`, tag: '' };
    case 'SOL':
      return { address: encode(d, BASE58, 44), tag: '' };
    case 'BTC':
      return { address: `bc1q${encode(d, BECH32, 38)}`, tag: '' };
    case 'DOGE':
      return { address: `D${encode(d, BASE58, 33)}`, tag: '' };
    case 'XRP':
      return { address: 'rAssetDeckDepositXRPLedger1', tag: String(100_000_000 + userId) };
    case 'EOS':
      return { address: 'assetdeckdep', tag: `AD${userId}${coin}` };
    default:
      return {
        address: `${chainName.toLowerCase()}-${d.subarray(0, 16).toString('hex')}`,
        tag: '',
      };
  }
}

/** A deterministic transaction hash for a record (hex, 64 characters). */
export function txIdOf(kind: string, userId: number, id: string): string {
  return `0x${digest('assetdeck-tx', kind, userId, id).toString('hex')}`;
}
