/**
 * The order and position checks of src/wire/validate.ts written with valibot, field for field
 * (same kinds, same required keys, unknown keys stripped), for the validation benchmark.
 */
import * as v from 'valibot';

const INT_STR = /^-?\d+$/;
const DEC_STR = /^-?\d+(?:\.\d+)?$/;

const e8 = v.optional(v.pipe(v.string(), v.regex(INT_STR)));
const e8Req = v.pipe(v.string(), v.regex(INT_STR));
const dec = v.optional(v.pipe(v.string(), v.regex(DEC_STR)));
const int = v.pipe(v.number(), v.safeInteger());

const OrderSchema = v.object({
  orderId: v.string(),
  leaderUserId: v.optional(int),
  symbol: v.optional(v.string()),
  side: v.optional(v.string()),
  orderType: v.optional(v.string()),
  price: dec,
  qty: dec,
  cumExecQty: dec,
  copyTradeOrderStatus: v.optional(v.string()),
  createdAtE3: e8,
  updatedAtE3: e8Req,
});

const PositionSchema = v.object({
  symbol: v.string(),
  positionIdx: int,
  userId: int,
  side: v.optional(v.string()),
  size: dec,
  entryPrice: dec,
  markPrice: dec,
  leverage: dec,
  liqPrice: dec,
  unrealisedPnlE8: e8,
  createdAtE3: e8,
  updatedAtE3: e8Req,
});

export const OrderList = v.array(OrderSchema);
export const PositionList = v.array(PositionSchema);
