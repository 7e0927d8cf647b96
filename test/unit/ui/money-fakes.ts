/**
 * Fakes of the money calls (`ScreenApi.money`, src/facade/money-api.ts) for component tests:
 * coin info shaped like the simulator's catalogue (USDT on TRC20/ERC20, BTC, XRP with a tag),
 * a per-user address, empty record lists, and successful moves.
 */
import { vi, type Mocked } from 'vitest';
import type { CoinInfoResult, DepositRecord, WithdrawRecord } from '@src/api/types';
import type { MoneyApi } from '@src/facade/money-api';

const FAKE_COIN_INFO: CoinInfoResult = {
  list: [
    {
      coin: 'USDT',
      name: 'Tether USDT',
      precision: 6,
      chains: [
        chain('TRX', 'TRC20', 2, '1', '10', '1'),
        chain('ETH', 'ERC20', 6, '5', '20', '4.5'),
      ],
    },
    {
      coin: 'BTC',
      name: 'Bitcoin',
      precision: 8,
      chains: [chain('BTC', 'Bitcoin', 2, '0.0001', '0.001', '0.0002')],
    },
    {
      coin: 'XRP',
      name: 'XRP',
      precision: 6,
      chains: [{ ...chain('XRP', 'XRP Ledger', 1, '1', '20', '0.25'), needTag: true }],
    },
  ],
  withdrawLimitUsd: '1000000.00',
  withdrawLimitLeftUsd: '999000.00',
};

function chain(
  id: string,
  name: string,
  confirmations: number,
  minDeposit: string,
  minWithdraw: string,
  withdrawFee: string,
) {
  return {
    chain: id,
    name,
    needTag: false,
    confirmations,
    minDeposit,
    minWithdraw,
    withdrawFee,
    depositEnabled: true,
    withdrawEnabled: true,
  };
}

export function depositRecord(over: Partial<DepositRecord> = {}): DepositRecord {
  return {
    id: 'D-1',
    coin: 'USDT',
    chain: 'TRX',
    amount: '250',
    address: 'TXYZfakeaddress0000000000000000000',
    txId: '',
    status: 'pending',
    confirmations: 0,
    requiredConfirmations: 2,
    toAccountType: 'FUND',
    createdAtE3: '1700000000000',
    ...over,
  };
}

export function withdrawRecord(over: Partial<WithdrawRecord> = {}): WithdrawRecord {
  return {
    id: 'W-1',
    coin: 'USDT',
    chain: 'TRX',
    amount: '100',
    fee: '1',
    address: 'TXYZfakeaddress0000000000000000000',
    tag: '',
    txId: '',
    status: 'pending',
    createdAtE3: '1700000000000',
    ...over,
  };
}

/** Every money call as a mock; `over` replaces some. */
export function fakeMoneyApi(over: Partial<MoneyApi> = {}): Mocked<MoneyApi> {
  const base: MoneyApi = {
    coinInfo: vi.fn<MoneyApi['coinInfo']>(async () => FAKE_COIN_INFO),
    transfer: vi.fn<MoneyApi['transfer']>(async () => ({ transferId: 'T-1', status: 'SUCCESS' })),
    transferList: vi.fn<MoneyApi['transferList']>(async () => ({ list: [], nextCursor: '' })),
    depositAddress: vi.fn<MoneyApi['depositAddress']>(async ({ coin, chain }) => ({
      coin,
      chain,
      address: `addr-${coin}-${chain}`,
      tag: chain === 'XRP' ? '1234567' : '',
    })),
    depositList: vi.fn<MoneyApi['depositList']>(async () => ({ list: [], nextCursor: '' })),
    withdrawList: vi.fn<MoneyApi['withdrawList']>(async () => ({ list: [], nextCursor: '' })),
    withdraw: vi.fn<MoneyApi['withdraw']>(async () => ({ withdrawId: 'W-1', status: 'pending' })),
    chainAddressIsExchange: vi.fn<MoneyApi['chainAddressIsExchange']>(async () => ({
      isExchange: false,
      exchangeName: '',
    })),
    withdrawMessage: vi.fn<MoneyApi['withdrawMessage']>(async () => ({ messages: [] })),
    sendEmailCode: vi.fn<MoneyApi['sendEmailCode']>(async () => ({
      expireSeconds: 300,
      resendAfterSeconds: 60,
    })),
    unifiedUpgrade: vi.fn<MoneyApi['unifiedUpgrade']>(async () => ({ status: 'SUCCESS' })),
    bannerConfig: vi.fn<MoneyApi['bannerConfig']>(async () => ({ list: [] })),
    defaultRiskIntercept: vi.fn<MoneyApi['defaultRiskIntercept']>(async () => ({
      intercept: false,
      riskType: '',
      message: '',
    })),
  };
  return { ...base, ...over } as Mocked<MoneyApi>;
}
