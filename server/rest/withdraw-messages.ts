/**
 * The operator's withdrawal notices per coin and chain (`GET .../withdraw/message`), in the
 * user's language: like the exchange, the simulator answers in the language of the language
 * cookie the dashboard sets (`_by_l_g_d`, src/i18n/language.ts), and in English for any other.
 */
import type { WithdrawMessage } from '../../src/api/types';
import { LANG_COOKIE_NAME } from '../../src/config/domains';

type Texts = Readonly<Record<string, string>> & { readonly en: string };

interface Notice {
  readonly coin: string;
  readonly chain: string;
  readonly text: Texts;
}

const NOTICES: readonly Notice[] = [
  {
    coin: 'USDT',
    chain: 'TRX',
    text: {
      en: 'TRC20 withdrawals may take up to 30 minutes when the network is busy.',
      'zh-CN': '网络繁忙时，TRC20 提现最长可能需要 30 分钟。',
      'zh-TW': '網路繁忙時，TRC20 出金最長可能需要 30 分鐘。',
      'zh-HK': '網絡繁忙時，TRC20 提款最長可能需要 30 分鐘。',
      'ja-JP': 'ネットワークの混雑時は、TRC20 の出金に最大 30 分かかる場合があります。',
      'ko-KR': '네트워크가 혼잡할 때는 TRC20 출금에 최대 30분이 걸릴 수 있습니다.',
      'ru-RU': 'При загруженности сети вывод в TRC20 может занять до 30 минут.',
      'de-DE': 'Bei hoher Netzwerkauslastung können TRC20-Auszahlungen bis zu 30 Minuten dauern.',
      'es-ES':
        'Los retiros en TRC20 pueden tardar hasta 30 minutos cuando la red está congestionada.',
      'tr-TR': 'Ağ yoğun olduğunda TRC20 çekimleri 30 dakikaya kadar sürebilir.',
      'th-TH': 'เมื่อเครือข่ายหนาแน่น การถอนผ่าน TRC20 อาจใช้เวลาถึง 30 นาที',
      'vi-VN': 'Khi mạng bận, lệnh rút TRC20 có thể mất tới 30 phút.',
      'id-ID': 'Penarikan TRC20 dapat memakan waktu hingga 30 menit saat jaringan sibuk.',
      'ar-SA': 'قد تستغرق عمليات السحب عبر TRC20 حتى 30 دقيقة عندما تكون الشبكة مزدحمة.',
    },
  },
  {
    coin: 'USDT',
    chain: 'ETH',
    text: {
      en: 'ERC20 network fees are high at the moment; consider another chain.',
      'zh-CN': 'ERC20 网络手续费目前较高，建议选择其他网络。',
      'zh-TW': 'ERC20 網路手續費目前較高，建議選擇其他網路。',
      'zh-HK': 'ERC20 網絡手續費目前較高，建議選擇其他網絡。',
      'ja-JP': '現在 ERC20 のネットワーク手数料が高くなっています。別のチェーンもご検討ください。',
      'ko-KR': '현재 ERC20 네트워크 수수료가 높습니다. 다른 체인을 고려해 보세요.',
      'ru-RU': 'Комиссии сети ERC20 сейчас высоки; рассмотрите другую сеть.',
      'de-DE': 'Die ERC20-Netzwerkgebühren sind derzeit hoch; erwägen Sie eine andere Chain.',
      'es-ES': 'Las comisiones de la red ERC20 son altas en este momento; considera otra cadena.',
      'tr-TR': 'ERC20 ağ ücretleri şu anda yüksek; başka bir ağ kullanmayı düşünün.',
      'th-TH': 'ขณะนี้ค่าธรรมเนียมเครือข่าย ERC20 สูง โปรดพิจารณาใช้เชนอื่น',
      'vi-VN': 'Phí mạng ERC20 hiện đang cao; hãy cân nhắc dùng chuỗi khác.',
      'id-ID': 'Biaya jaringan ERC20 sedang tinggi; pertimbangkan chain lain.',
      'ar-SA': 'رسوم شبكة ERC20 مرتفعة حاليًا؛ فكّر في استخدام شبكة أخرى.',
    },
  },
  {
    coin: 'XRP',
    chain: 'XRP',
    text: {
      en: 'Most exchange addresses need a destination tag: check it before you confirm.',
      'zh-CN': '大多数交易所地址需要填写标签（Tag），确认前请仔细核对。',
      'zh-TW': '大多數交易所地址需要填寫標籤（Tag），確認前請仔細核對。',
      'zh-HK': '大多數交易所地址需要填寫標籤（Tag），確認前請仔細核對。',
      'ja-JP': '多くの取引所アドレスでは宛先タグが必要です。確定する前に確認してください。',
      'ko-KR': '대부분의 거래소 주소에는 데스티네이션 태그가 필요합니다. 확인 전에 점검하세요.',
      'ru-RU': 'Большинству адресов бирж нужен тег назначения: проверьте его перед подтверждением.',
      'de-DE':
        'Die meisten Börsenadressen benötigen einen Destination Tag: Prüfen Sie ihn, bevor Sie bestätigen.',
      'es-ES':
        'La mayoría de las direcciones de exchanges requieren una etiqueta de destino: compruébala antes de confirmar.',
      'tr-TR': 'Çoğu borsa adresi hedef etiketi gerektirir: onaylamadan önce kontrol edin.',
      'th-TH': 'ที่อยู่ของกระดานเทรดส่วนใหญ่ต้องใช้แท็กปลายทาง โปรดตรวจสอบก่อนยืนยัน',
      'vi-VN': 'Hầu hết địa chỉ sàn giao dịch cần tag đích: hãy kiểm tra trước khi xác nhận.',
      'id-ID':
        'Sebagian besar alamat bursa memerlukan tag tujuan: periksa sebelum Anda mengonfirmasi.',
      'ar-SA': 'تتطلب معظم عناوين المنصات وسم الوجهة: تحقّق منه قبل التأكيد.',
    },
  },
  {
    coin: 'EOS',
    chain: 'EOS',
    text: {
      en: 'A memo is required for deposits to exchanges.',
      'zh-CN': '向交易所充值时必须填写备注（Memo）。',
      'zh-TW': '向交易所入金時必須填寫備註（Memo）。',
      'zh-HK': '向交易所存款時必須填寫備註（Memo）。',
      'ja-JP': '取引所への入金にはメモが必要です。',
      'ko-KR': '거래소로 입금할 때는 메모가 필요합니다.',
      'ru-RU': 'Для пополнения на биржах требуется memo.',
      'de-DE': 'Für Einzahlungen an Börsen ist ein Memo erforderlich.',
      'es-ES': 'Los depósitos a exchanges requieren un memo.',
      'tr-TR': 'Borsalara yapılan yatırmalarda memo zorunludur.',
      'th-TH': 'การฝากไปยังกระดานเทรดต้องระบุเมโม',
      'vi-VN': 'Nạp tiền vào sàn giao dịch bắt buộc phải có memo.',
      'id-ID': 'Deposit ke bursa wajib menyertakan memo.',
      'ar-SA': 'يلزم إدخال مذكرة للإيداع في المنصات.',
    },
  },
];

/** The notices for `coin`/`chain` (each optional) in `lang` (a language code; English otherwise). */
export function withdrawMessagesIn(
  lang: string | undefined,
  coin?: string,
  chain?: string,
): WithdrawMessage['messages'] {
  return NOTICES.filter(
    (n) => (coin === undefined || n.coin === coin) && (chain === undefined || n.chain === chain),
  ).map((n) => ({ coin: n.coin, chain: n.chain, text: (lang && n.text[lang]) || n.text.en }));
}

/** The user's language as the dashboard stored it in its cookie. */
export function languageOf(
  cookies: Readonly<Record<string, string | undefined>>,
): string | undefined {
  return cookies[LANG_COOKIE_NAME];
}
