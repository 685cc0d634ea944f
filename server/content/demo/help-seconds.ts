// Help, seconds contracts: how one works; how it opens and settles from the recorded price.

import { md, type DemoArticle } from './types.ts';

const HOW: DemoArticle = {
  seedKey: 'help.seconds.how',
  kind: 'help',
  category: 'seconds',
  ageDays: 11,
  texts: {
    en: {
      title: 'How a seconds contract works',
      summary: 'Choose a market, up or down, a duration and an amount. What a win, a loss and a tie pay, the fee, timed orders and the three tabs.',
      markdown: md`
A seconds contract is a bet on whether a market's price will be higher or lower after a fixed time. Open the seconds mode of [the contract page](/contractTransaction?mode=seconds), move USDT into your seconds contract account, and choose:

- a market, and **Buy up** or **Buy down**;
- a duration from the table, each with its payout: in the demo 60 seconds pays 80 %, 300 seconds 82 %, and 600 seconds, 1,800 seconds, 1 hour and 24 hours 85 %;
- an amount from 1,000 to 9,999,999 USDT.

## Outcome

| result | you get back |
|---|---|
| Win (the price moved your way) | stake × (1 + payout) |
| Loss | stake × (1 − loss ratio); the demo's loss ratio is 100 %, so nothing |
| Tie (the same price) | the stake |

The fee (0.1 % of the stake in the demo's table) is kept in every case, so a loss costs the whole stake plus the fee. Wins are paid from the exchange's house account, funded through the ledger; a contract is refused when the house's limits have no room for it.

## Timed orders

You may also set a start time, up to 24 hours ahead by default. A timed order holds its stake and fee from when you schedule it, and you can cancel it for free until one minute before its start. You can hold at most 20 timed orders, with stakes of at most 10,000,000 USDT in total.

## Tabs

**Pending** lists timed orders not yet started, **Holding** the contracts counting down to delivery, and **History** the settled ones, each with a proof link. [The help centre](/helpCenter) explains exactly how a contract opens and settles.
`,
    },
    'zh-CN': {
      title: '秒合约如何运作',
      summary: '选择市场、涨或跌、期限和金额。赢、输、平各自返还多少，手续费，定时订单，以及三个标签页。',
      markdown: md`
秒合约是对某个市场价格在固定时间后是更高还是更低的押注。打开[合约页面](/contractTransaction?mode=seconds)的秒合约模式，把 USDT 划转到秒合约账户，然后选择：

- 市场，以及**买涨**或**买跌**；
- 表中的一个期限，每个期限有自己的收益率：演示中 60 秒为 80%，300 秒为 82%，600 秒、1,800 秒、1 小时和 24 小时为 85%；
- 金额，1,000 到 9,999,999 USDT。

## 结果

| 结果 | 返还给您 |
|---|---|
| 赢（价格朝您押的方向变动） | 本金 × (1 + 收益率) |
| 输 | 本金 × (1 − 亏损比例)；演示中的亏损比例为 100%，因此为零 |
| 平（价格相同） | 本金 |

手续费（演示费率表中为本金的 0.1%）在任何情况下都不退还，所以输一次会损失全部本金加手续费。赢的钱由交易所的庄家账户支付，该账户通过账本注资；当庄家的限额没有余量时，合约会被拒绝。

## 定时订单

您也可以设置开始时间，默认最多提前 24 小时。定时订单从您预约时起冻结本金和手续费，在开始前一分钟之前都可以免费取消。您最多可以持有 20 个定时订单，本金合计最多 10,000,000 USDT。

## 标签页

**待开始**列出尚未开始的定时订单，**持仓中**列出正在倒计时交割的合约，**历史**列出已结算的合约，每一行都有证明链接。[帮助中心](/helpCenter)详细说明了合约如何开仓和结算。
`,
    },
    'zh-TW': {
      title: '秒合約如何運作',
      summary: '選擇市場、漲或跌、期限和金額。贏、輸、平各自返還多少，手續費，定時訂單，以及三個分頁。',
      markdown: md`
秒合約是對某個市場價格在固定時間後是更高還是更低的押注。開啟[合約頁面](/contractTransaction?mode=seconds)的秒合約模式，把 USDT 劃轉到秒合約帳戶，然後選擇：

- 市場，以及**買漲**或**買跌**；
- 表中的一個期限，每個期限有自己的收益率：示範中 60 秒為 80%，300 秒為 82%，600 秒、1,800 秒、1 小時和 24 小時為 85%；
- 金額，1,000 到 9,999,999 USDT。

## 結果

| 結果 | 返還給您 |
|---|---|
| 贏（價格朝您押的方向變動） | 本金 × (1 + 收益率) |
| 輸 | 本金 × (1 − 虧損比例)；示範中的虧損比例為 100%，因此為零 |
| 平（價格相同） | 本金 |

手續費（示範費率表中為本金的 0.1%）在任何情況下都不退還，所以輸一次會損失全部本金加手續費。贏的錢由交易所的莊家帳戶支付，該帳戶透過帳本注資；當莊家的限額沒有餘量時，合約會被拒絕。

## 定時訂單

您也可以設定開始時間，預設最多提前 24 小時。定時訂單從您預約時起凍結本金和手續費，在開始前一分鐘之前都可以免費取消。您最多可以持有 20 個定時訂單，本金合計最多 10,000,000 USDT。

## 分頁

**待開始**列出尚未開始的定時訂單，**持倉中**列出正在倒數交割的合約，**歷史**列出已結算的合約，每一列都有證明連結。[幫助中心](/helpCenter)詳細說明了合約如何開倉和結算。
`,
    },
    ja: {
      title: '秒先物の仕組み',
      summary: '市場、上昇か下落か、期間、金額を選びます。勝ち・負け・引き分けの払い戻し、手数料、予約注文、3 つのタブを説明します。',
      markdown: md`
秒先物は、一定時間後に市場の価格が上がっているか下がっているかを予想する取引です。[先物ページ](/contractTransaction?mode=seconds)の秒先物モードを開き、USDT を秒先物口座に振り替えてから、次を選びます。

- 市場と、**上昇**または**下落**。
- 表にある期間。期間ごとに配当率があり、デモでは 60 秒が 80%、300 秒が 82%、600 秒・1,800 秒・1 時間・24 時間が 85% です。
- 金額。1,000〜9,999,999 USDT。

## 結果

| 結果 | 戻ってくる額 |
|---|---|
| 勝ち（価格が予想の方向に動いた） | 元本 × (1 + 配当率) |
| 負け | 元本 × (1 − 損失率)。デモの損失率は 100% なので、ゼロ |
| 引き分け（同じ価格） | 元本 |

手数料（デモの表では元本の 0.1%）はどの場合も返金されないため、負けると元本全額と手数料を失います。勝ちの支払いは取引所のハウス口座から行われ、この口座は台帳を通じて資金が入れられています。ハウスの上限に余裕がないときは、契約は拒否されます。

## 予約注文

開始時刻を指定することもでき、既定では最大 24 時間先までです。予約注文は予約した時点から元本と手数料を拘束し、開始 1 分前までは無料で取り消せます。予約注文は最大 20 件、元本の合計は最大 10,000,000 USDT です。

## タブ

**開始待ち**にはまだ始まっていない予約注文、**保有中**には受渡しに向けてカウントダウン中の契約、**履歴**には決済済みの契約が並び、各行に証明リンクがあります。契約がどのように始まり決済されるかは[ヘルプセンター](/helpCenter)で詳しく説明しています。
`,
    },
    th: {
      title: 'สัญญาวินาทีทำงานอย่างไร',
      summary: 'เลือกตลาด ขึ้นหรือลง ระยะเวลา และจำนวนเงิน การชนะ แพ้ และเสมอได้คืนเท่าไร ค่าธรรมเนียม คำสั่งตั้งเวลา และแท็บทั้งสาม',
      markdown: md`
สัญญาวินาทีคือการเดิมพันว่าราคาของตลาดจะสูงขึ้นหรือต่ำลงหลังเวลาที่กำหนด เปิดโหมดวินาทีของ[หน้าสัญญา](/contractTransaction?mode=seconds) โอน USDT เข้าบัญชีสัญญาวินาที แล้วเลือก:

- ตลาด และ **ซื้อขึ้น** หรือ **ซื้อลง**
- ระยะเวลาจากตาราง แต่ละระยะมีอัตราจ่ายของตัวเอง: ในการสาธิต 60 วินาทีจ่าย 80% 300 วินาที 82% และ 600 วินาที 1,800 วินาที 1 ชั่วโมง และ 24 ชั่วโมง 85%
- จำนวนเงินตั้งแต่ 1,000 ถึง 9,999,999 USDT

## ผลลัพธ์

| ผล | คุณได้คืน |
|---|---|
| ชนะ (ราคาไปทางที่คุณเลือก) | เงินเดิมพัน × (1 + อัตราจ่าย) |
| แพ้ | เงินเดิมพัน × (1 − อัตราขาดทุน) อัตราขาดทุนของการสาธิตคือ 100% จึงไม่ได้อะไรคืน |
| เสมอ (ราคาเท่าเดิม) | เงินเดิมพัน |

ค่าธรรมเนียม (0.1% ของเงินเดิมพันในตารางของการสาธิต) ไม่คืนในทุกกรณี การแพ้จึงเสียเงินเดิมพันทั้งหมดบวกค่าธรรมเนียม เงินรางวัลจ่ายจากบัญชีเจ้ามือของกระดานเทรด ซึ่งเติมเงินผ่านบัญชีแยกประเภท สัญญาจะถูกปฏิเสธเมื่อวงเงินของเจ้ามือไม่มีที่ว่างพอ

## คำสั่งตั้งเวลา

คุณยังตั้งเวลาเริ่มได้ โดยค่าเริ่มต้นล่วงหน้าได้สูงสุด 24 ชั่วโมง คำสั่งตั้งเวลาจะกันเงินเดิมพันและค่าธรรมเนียมไว้ตั้งแต่ตอนที่คุณตั้ง และยกเลิกได้ฟรีจนถึงหนึ่งนาทีก่อนเริ่ม คุณถือคำสั่งตั้งเวลาได้สูงสุด 20 รายการ เงินเดิมพันรวมไม่เกิน 10,000,000 USDT

## แท็บ

**รอเริ่ม** แสดงคำสั่งตั้งเวลาที่ยังไม่เริ่ม **ถืออยู่** แสดงสัญญาที่กำลังนับถอยหลังถึงเวลาส่งมอบ และ **ประวัติ** แสดงสัญญาที่ชำระแล้ว แต่ละแถวมีลิงก์หลักฐาน [ศูนย์ช่วยเหลือ](/helpCenter)อธิบายอย่างละเอียดว่าสัญญาเปิดและชำระอย่างไร
`,
    },
    ko: {
      title: '초 단위 선물의 작동 방식',
      summary: '마켓, 상승 또는 하락, 기간, 금액을 고릅니다. 이기면, 지면, 비기면 얼마를 받는지, 수수료, 예약 주문, 세 개의 탭을 안내합니다.',
      markdown: md`
초 단위 선물은 정해진 시간 뒤에 마켓 가격이 더 높을지 낮을지에 거는 계약입니다. [선물 페이지](/contractTransaction?mode=seconds)의 초 단위 모드를 열고, USDT를 초 단위 선물 계정으로 이체한 뒤 다음을 고릅니다.

- 마켓, 그리고 **상승** 또는 **하락**
- 표에서 기간. 기간마다 지급률이 있으며, 데모에서는 60초 80%, 300초 82%, 600초·1,800초·1시간·24시간 85%입니다.
- 금액, 1,000~9,999,999 USDT

## 결과

| 결과 | 돌려받는 금액 |
|---|---|
| 승리(가격이 예측한 방향으로 움직임) | 원금 × (1 + 지급률) |
| 패배 | 원금 × (1 − 손실 비율). 데모의 손실 비율은 100%이므로 없음 |
| 무승부(같은 가격) | 원금 |

수수료(데모 표에서 원금의 0.1%)는 어떤 경우에도 돌려받지 못하므로, 지면 원금 전부와 수수료를 잃습니다. 승리 금액은 원장을 통해 자금이 들어간 거래소의 하우스 계정에서 지급되며, 하우스 한도에 여유가 없으면 계약이 거부됩니다.

## 예약 주문

시작 시각을 정할 수도 있으며, 기본적으로 최대 24시간 뒤까지입니다. 예약 주문은 예약한 때부터 원금과 수수료를 묶어 두며, 시작 1분 전까지는 무료로 취소할 수 있습니다. 예약 주문은 최대 20개, 원금 합계는 최대 10,000,000 USDT까지 보유할 수 있습니다.

## 탭

**대기 중**에는 아직 시작하지 않은 예약 주문, **보유 중**에는 만기까지 카운트다운 중인 계약, **내역**에는 정산된 계약이 있으며 각 행에 증명 링크가 있습니다. 계약이 어떻게 시작되고 정산되는지는 [고객센터](/helpCenter)에서 자세히 설명합니다.
`,
    },
    es: {
      title: 'Cómo funciona un contrato por segundos',
      summary: 'Elige un mercado, sube o baja, una duración y un importe. Lo que pagan una ganancia, una pérdida y un empate, la comisión, las órdenes programadas y las tres pestañas.',
      markdown: md`
Un contrato por segundos es una apuesta sobre si el precio de un mercado será más alto o más bajo tras un tiempo fijo. Abre el modo por segundos de [la página de contratos](/contractTransaction?mode=seconds), pasa USDT a tu cuenta de contratos por segundos y elige:

- un mercado, y **Sube** o **Baja**;
- una duración de la tabla, cada una con su pago: en la demo 60 segundos pagan el 80 %, 300 segundos el 82 %, y 600 segundos, 1.800 segundos, 1 hora y 24 horas el 85 %;
- un importe de 1.000 a 9.999.999 USDT.

## Resultado

| resultado | te devuelve |
|---|---|
| Ganancia (el precio se movió a tu favor) | importe × (1 + pago) |
| Pérdida | importe × (1 − ratio de pérdida); el ratio de pérdida de la demo es 100 %, así que nada |
| Empate (el mismo precio) | el importe |

La comisión (0,1 % del importe en la tabla de la demo) se cobra en todos los casos, así que una pérdida cuesta todo el importe más la comisión. Las ganancias se pagan desde la cuenta de la casa del exchange, financiada a través del libro contable; un contrato se rechaza cuando los límites de la casa no tienen margen para él.

## Órdenes programadas

También puedes fijar una hora de inicio, hasta 24 horas por adelantado por defecto. Una orden programada retiene su importe y su comisión desde que la programas, y puedes cancelarla gratis hasta un minuto antes de su inicio. Puedes tener como máximo 20 órdenes programadas, con importes de hasta 10.000.000 USDT en total.

## Pestañas

**Pendientes** lista las órdenes programadas que aún no han empezado, **En curso** los contratos en cuenta atrás hasta la entrega e **Historial** los liquidados, cada uno con un enlace de prueba. [El centro de ayuda](/helpCenter) explica exactamente cómo se abre y se liquida un contrato.
`,
    },
    it: {
      title: 'Come funziona un contratto a secondi',
      summary: "Scegli un mercato, rialzo o ribasso, una durata e un importo. Cosa pagano vincita, perdita e pareggio, la commissione, gli ordini programmati e le tre schede.",
      markdown: md`
Un contratto a secondi è una scommessa sul fatto che il prezzo di un mercato sarà più alto o più basso dopo un tempo fisso. Apri la modalità a secondi della [pagina dei contratti](/contractTransaction?mode=seconds), sposta USDT nel tuo conto contratti a secondi e scegli:

- un mercato, e **Rialzo** o **Ribasso**;
- una durata dalla tabella, ognuna con il suo rendimento: nella demo 60 secondi pagano l'80 %, 300 secondi l'82 %, e 600 secondi, 1.800 secondi, 1 ora e 24 ore l'85 %;
- un importo da 1.000 a 9.999.999 USDT.

## Esito

| esito | ti viene restituito |
|---|---|
| Vincita (il prezzo si è mosso a tuo favore) | puntata × (1 + rendimento) |
| Perdita | puntata × (1 − quota di perdita); la quota di perdita della demo è 100 %, quindi nulla |
| Pareggio (lo stesso prezzo) | la puntata |

La commissione (0,1 % della puntata nella tabella della demo) è trattenuta in ogni caso, quindi una perdita costa l'intera puntata più la commissione. Le vincite sono pagate dal conto del banco dell'exchange, finanziato tramite il registro contabile; un contratto viene rifiutato quando i limiti del banco non hanno spazio per esso.

## Ordini programmati

Puoi anche fissare un orario di inizio, fino a 24 ore prima per impostazione predefinita. Un ordine programmato trattiene puntata e commissione da quando lo programmi, e puoi annullarlo gratis fino a un minuto prima del suo inizio. Puoi avere al massimo 20 ordini programmati, con puntate fino a 10.000.000 USDT in totale.

## Schede

**In attesa** elenca gli ordini programmati non ancora iniziati, **In corso** i contratti in conto alla rovescia verso la consegna e **Storico** quelli regolati, ognuno con un link di prova. Il [centro assistenza](/helpCenter) spiega esattamente come un contratto si apre e si regola.
`,
    },
    pt: {
      title: 'Como funciona um contrato por segundos',
      summary: 'Escolha um mercado, alta ou baixa, uma duração e um valor. O que pagam vitória, derrota e empate, a taxa, as ordens agendadas e as três abas.',
      markdown: md`
Um contrato por segundos é uma aposta sobre se o preço de um mercado estará mais alto ou mais baixo após um tempo fixo. Abra o modo por segundos da [página de contratos](/contractTransaction?mode=seconds), transfira USDT para sua conta de contratos por segundos e escolha:

- um mercado, e **Alta** ou **Baixa**;
- uma duração da tabela, cada uma com seu pagamento: na demonstração 60 segundos pagam 80%, 300 segundos 82%, e 600 segundos, 1.800 segundos, 1 hora e 24 horas 85%;
- um valor de 1.000 a 9.999.999 USDT.

## Resultado

| resultado | você recebe de volta |
|---|---|
| Vitória (o preço foi na sua direção) | valor × (1 + pagamento) |
| Derrota | valor × (1 − índice de perda); o índice de perda da demonstração é 100%, então nada |
| Empate (o mesmo preço) | o valor |

A taxa (0,1% do valor na tabela da demonstração) é retida em todos os casos, então uma derrota custa o valor inteiro mais a taxa. As vitórias são pagas pela conta da casa da exchange, abastecida pelo livro contábil; um contrato é recusado quando os limites da casa não têm espaço para ele.

## Ordens agendadas

Você também pode definir um horário de início, até 24 horas à frente por padrão. Uma ordem agendada retém o valor e a taxa desde o agendamento, e você pode cancelá-la de graça até um minuto antes do início. Você pode ter no máximo 20 ordens agendadas, com valores de até 10.000.000 USDT no total.

## Abas

**Pendentes** lista as ordens agendadas que ainda não começaram, **Em andamento** os contratos em contagem regressiva até a entrega e **Histórico** os liquidados, cada um com um link de prova. A [central de ajuda](/helpCenter) explica exatamente como um contrato abre e é liquidado.
`,
    },
  },
};

const SETTLE: DemoArticle = {
  seedKey: 'help.seconds.settlement',
  kind: 'help',
  category: 'seconds',
  ageDays: 11,
  texts: {
    en: {
      title: 'How a seconds contract opens and settles',
      summary: 'A contract opens on the first price-record entry after it was accepted and settles on the last entry at or before its delivery. Nobody chooses the outcome.',
      markdown: md`
No one, the operator included, chooses how a seconds contract ends: the public price record does.

## Opening

A contract does not open at the price you saw when you placed it. It opens on the **first entry of the market's price record written after the exchange accepted it** (a timed order: after its start time). So nobody can know the open price when placing, and nobody can bet on a move that has already happened. If no entry comes within 5 seconds, the contract never opens and its stake and fee are refunded in full.

## Settling

Delivery is exactly **open time + duration**. The contract settles on the **last entry at or before that instant**:

- a settle price above the open price: **Buy up** wins and **Buy down** loses;
- below it: the other way round;
- equal: a tie, and the stake comes back.

The payout is worked out in the smallest unit: a win adds the stake × payout rounded down, a loss takes the stake × loss ratio rounded up.

## Check it yourself

Each row in **History** on [the seconds screen](/contractTransaction?mode=seconds) has a proof link. It downloads the price record around the contract and the public settlement data, then runs the verifier in your browser: it checks the hash chain, shows the open and settle entries with their hashes, and recomputes the payout. The same check runs on the command line for any time range. [The help centre](/helpCenter) describes the record's format.
`,
    },
    'zh-CN': {
      title: '秒合约如何开仓和结算',
      summary: '合约在被接受后的第一条价格记录上开仓，在交割时刻或之前的最后一条记录上结算。没有人能选择结果。',
      markdown: md`
没有任何人，包括运营者，能决定秒合约的结果：决定它的是公开的价格记录。

## 开仓

合约不会以您下单时看到的价格开仓。它在**交易所接受它之后写入的该市场价格记录的第一条**上开仓（定时订单：在开始时间之后）。因此下单时没有人知道开仓价，也没有人能押注一个已经发生的变动。如果 5 秒内没有新记录，合约不会开仓，本金和手续费全额退还。

## 结算

交割时刻正好是**开仓时间 + 期限**。合约在**该时刻或之前的最后一条记录**上结算：

- 结算价高于开仓价：**买涨**赢，**买跌**输；
- 低于开仓价：反过来；
- 相等：平局，退还本金。

收益按最小单位计算：赢时加上本金 × 收益率并向下取整，输时扣除本金 × 亏损比例并向上取整。

## 自己核对

[秒合约界面](/contractTransaction?mode=seconds)的**历史**中每一行都有证明链接。它会下载合约前后的价格记录和公开的结算数据，然后在您的浏览器中运行验证程序：检查哈希链，显示开仓和结算记录及其哈希，并重新计算收益。同样的检查也可以在命令行中对任意时间段运行。[帮助中心](/helpCenter)介绍了记录的格式。
`,
    },
    'zh-TW': {
      title: '秒合約如何開倉和結算',
      summary: '合約在被接受後的第一筆價格紀錄上開倉，在交割時刻或之前的最後一筆紀錄上結算。沒有人能選擇結果。',
      markdown: md`
沒有任何人，包括營運者，能決定秒合約的結果：決定它的是公開的價格紀錄。

## 開倉

合約不會以您下單時看到的價格開倉。它在**交易所接受它之後寫入的該市場價格紀錄的第一筆**上開倉（定時訂單：在開始時間之後）。因此下單時沒有人知道開倉價，也沒有人能押注一個已經發生的變動。如果 5 秒內沒有新紀錄，合約不會開倉，本金和手續費全額退還。

## 結算

交割時刻正好是**開倉時間 + 期限**。合約在**該時刻或之前的最後一筆紀錄**上結算：

- 結算價高於開倉價：**買漲**贏，**買跌**輸；
- 低於開倉價：反過來；
- 相等：平局，退還本金。

收益依最小單位計算：贏時加上本金 × 收益率並無條件捨去，輸時扣除本金 × 虧損比例並無條件進位。

## 自己核對

[秒合約畫面](/contractTransaction?mode=seconds)的**歷史**中每一列都有證明連結。它會下載合約前後的價格紀錄和公開的結算資料，然後在您的瀏覽器中執行驗證程式：檢查雜湊鏈，顯示開倉和結算紀錄及其雜湊，並重新計算收益。同樣的檢查也可以在命令列中對任意時間段執行。[幫助中心](/helpCenter)介紹了紀錄的格式。
`,
    },
    ja: {
      title: '秒先物の開始と決済',
      summary: '契約は受け付けられた後の最初の価格記録で始まり、受渡し時刻かそれ以前の最後の記録で決済されます。誰も結果を選べません。',
      markdown: md`
秒先物の結末を決めるのは、運営者を含めて誰でもなく、公開された価格記録です。

## 開始

契約は、注文したときに見えていた価格では始まりません。**取引所が受け付けた後に書き込まれた、その市場の価格記録の最初のエントリー**で始まります（予約注文なら開始時刻の後）。そのため、注文時に開始価格を知ることは誰にもできず、すでに起きた値動きに賭けることもできません。5 秒以内にエントリーが来なければ、契約は始まらず、元本と手数料は全額返金されます。

## 決済

受渡しはちょうど**開始時刻 + 期間**です。契約は**その時刻かそれ以前の最後のエントリー**で決済されます。

- 決済価格が開始価格より高い：**上昇**の勝ち、**下落**の負け。
- 低い：その逆。
- 同じ：引き分けで、元本が戻ります。

払い戻しは最小単位で計算します。勝ちでは元本 × 配当率を切り捨てて加え、負けでは元本 × 損失率を切り上げて差し引きます。

## 自分で確かめる

[秒先物の画面](/contractTransaction?mode=seconds)の**履歴**の各行には証明リンクがあります。契約前後の価格記録と公開の決済データをダウンロードし、ブラウザで検証プログラムを実行します。ハッシュチェーンを確認し、開始と決済のエントリーをハッシュとともに示し、払い戻しを再計算します。同じ確認はコマンドラインでも任意の期間について実行できます。記録の形式は[ヘルプセンター](/helpCenter)で説明しています。
`,
    },
    th: {
      title: 'สัญญาวินาทีเปิดและชำระอย่างไร',
      summary: 'สัญญาเปิดที่รายการแรกของบันทึกราคาหลังถูกรับ และชำระที่รายการสุดท้าย ณ หรือก่อนเวลาส่งมอบ ไม่มีใครเลือกผลลัพธ์ได้',
      markdown: md`
ไม่มีใคร รวมถึงผู้ดูแล ที่เลือกได้ว่าสัญญาวินาทีจะจบอย่างไร: บันทึกราคาสาธารณะเป็นผู้ตัดสิน

## การเปิด

สัญญาไม่ได้เปิดที่ราคาที่คุณเห็นตอนส่งคำสั่ง แต่เปิดที่ **รายการแรกในบันทึกราคาของตลาดที่เขียนหลังจากกระดานเทรดรับสัญญาแล้ว** (คำสั่งตั้งเวลา: หลังเวลาเริ่ม) จึงไม่มีใครรู้ราคาเปิดตอนส่งคำสั่ง และไม่มีใครเดิมพันกับการเคลื่อนไหวที่เกิดขึ้นไปแล้วได้ หากไม่มีรายการใหม่ภายใน 5 วินาที สัญญาจะไม่เปิด และเงินเดิมพันกับค่าธรรมเนียมจะถูกคืนเต็มจำนวน

## การชำระ

เวลาส่งมอบคือ **เวลาเปิด + ระยะเวลา** พอดี สัญญาชำระที่ **รายการสุดท้าย ณ หรือก่อนเวลานั้น**:

- ราคาชำระสูงกว่าราคาเปิด: **ซื้อขึ้น** ชนะ และ **ซื้อลง** แพ้
- ต่ำกว่า: ตรงกันข้าม
- เท่ากัน: เสมอ และได้เงินเดิมพันคืน

เงินที่จ่ายคำนวณเป็นหน่วยที่เล็กที่สุด: เมื่อชนะจะบวกเงินเดิมพัน × อัตราจ่ายแบบปัดลง เมื่อแพ้จะหักเงินเดิมพัน × อัตราขาดทุนแบบปัดขึ้น

## ตรวจสอบด้วยตัวเอง

ทุกแถวใน **ประวัติ** บน[หน้าจอสัญญาวินาที](/contractTransaction?mode=seconds)มีลิงก์หลักฐาน ลิงก์จะดาวน์โหลดบันทึกราคารอบสัญญาและข้อมูลการชำระสาธารณะ แล้วรันตัวตรวจสอบในเบราว์เซอร์ของคุณ: ตรวจห่วงโซ่แฮช แสดงรายการเปิดและรายการชำระพร้อมแฮช และคำนวณเงินที่จ่ายใหม่ การตรวจสอบแบบเดียวกันรันบนบรรทัดคำสั่งได้สำหรับช่วงเวลาใดก็ได้ [ศูนย์ช่วยเหลือ](/helpCenter)อธิบายรูปแบบของบันทึก
`,
    },
    ko: {
      title: '초 단위 선물의 시작과 정산',
      summary: '계약은 접수된 뒤 첫 가격 기록 항목에서 시작되고, 만기 시각 또는 그 이전의 마지막 항목에서 정산됩니다. 아무도 결과를 고를 수 없습니다.',
      markdown: md`
초 단위 선물이 어떻게 끝날지는 운영자를 포함해 누구도 고르지 않습니다. 공개 가격 기록이 정합니다.

## 시작

계약은 주문할 때 보던 가격에서 시작되지 않습니다. **거래소가 접수한 뒤에 기록된 해당 마켓 가격 기록의 첫 항목**에서 시작됩니다(예약 주문은 시작 시각 이후). 그래서 주문할 때 아무도 시작 가격을 알 수 없고, 이미 일어난 움직임에 걸 수도 없습니다. 5초 안에 항목이 오지 않으면 계약은 시작되지 않고 원금과 수수료가 전액 환불됩니다.

## 정산

만기는 정확히 **시작 시각 + 기간**입니다. 계약은 **그 시각 또는 그 이전의 마지막 항목**에서 정산됩니다.

- 정산 가격이 시작 가격보다 높으면 **상승**이 이기고 **하락**이 집니다.
- 낮으면 그 반대입니다.
- 같으면 무승부이며 원금이 돌아옵니다.

지급액은 최소 단위로 계산합니다. 이기면 원금 × 지급률을 내림해 더하고, 지면 원금 × 손실 비율을 올림해 뺍니다.

## 직접 확인하기

[초 단위 화면](/contractTransaction?mode=seconds)의 **내역**에 있는 각 행에는 증명 링크가 있습니다. 계약 전후의 가격 기록과 공개 정산 데이터를 내려받아 브라우저에서 검증기를 실행합니다. 해시 체인을 확인하고, 시작 항목과 정산 항목을 해시와 함께 보여 주고, 지급액을 다시 계산합니다. 같은 확인을 명령줄에서 어떤 기간에 대해서도 실행할 수 있습니다. 기록의 형식은 [고객센터](/helpCenter)에서 설명합니다.
`,
    },
    es: {
      title: 'Cómo se abre y se liquida un contrato por segundos',
      summary: 'Un contrato se abre en la primera entrada del registro de precios tras ser aceptado y se liquida en la última entrada en o antes de su entrega. Nadie elige el resultado.',
      markdown: md`
Nadie, el operador incluido, elige cómo termina un contrato por segundos: lo decide el registro público de precios.

## Apertura

Un contrato no se abre al precio que viste al colocarlo. Se abre en la **primera entrada del registro de precios del mercado escrita después de que el exchange lo aceptara** (una orden programada: después de su hora de inicio). Así nadie puede conocer el precio de apertura al colocarlo, y nadie puede apostar a un movimiento que ya ha ocurrido. Si no llega ninguna entrada en 5 segundos, el contrato nunca se abre y su importe y su comisión se devuelven íntegros.

## Liquidación

La entrega es exactamente **hora de apertura + duración**. El contrato se liquida en la **última entrada en o antes de ese instante**:

- un precio de liquidación por encima del de apertura: **Sube** gana y **Baja** pierde;
- por debajo: al revés;
- igual: empate, y se devuelve el importe.

El pago se calcula en la unidad mínima: una ganancia suma el importe × pago redondeado hacia abajo, una pérdida resta el importe × ratio de pérdida redondeado hacia arriba.

## Compruébalo tú mismo

Cada fila del **Historial** en [la pantalla por segundos](/contractTransaction?mode=seconds) tiene un enlace de prueba. Descarga el registro de precios alrededor del contrato y los datos públicos de liquidación, y ejecuta el verificador en tu navegador: comprueba la cadena de hashes, muestra las entradas de apertura y liquidación con sus hashes y recalcula el pago. La misma comprobación se ejecuta en la línea de comandos para cualquier intervalo de tiempo. [El centro de ayuda](/helpCenter) describe el formato del registro.
`,
    },
    it: {
      title: 'Come si apre e si regola un contratto a secondi',
      summary: "Un contratto si apre sulla prima voce del registro dei prezzi dopo essere stato accettato e si regola sull'ultima voce alla consegna o prima. Nessuno sceglie l'esito.",
      markdown: md`
Nessuno, operatore compreso, sceglie come finisce un contratto a secondi: lo decide il registro pubblico dei prezzi.

## Apertura

Un contratto non si apre al prezzo che vedevi quando l'hai piazzato. Si apre sulla **prima voce del registro dei prezzi del mercato scritta dopo che l'exchange lo ha accettato** (un ordine programmato: dopo il suo orario di inizio). Così nessuno può conoscere il prezzo di apertura quando piazza il contratto, e nessuno può scommettere su un movimento già avvenuto. Se entro 5 secondi non arriva alcuna voce, il contratto non si apre mai e puntata e commissione vengono rimborsate per intero.

## Regolamento

La consegna è esattamente **orario di apertura + durata**. Il contratto si regola sull'**ultima voce all'istante della consegna o prima**:

- un prezzo di regolamento sopra quello di apertura: **Rialzo** vince e **Ribasso** perde;
- sotto: il contrario;
- uguale: pareggio, e la puntata torna indietro.

Il pagamento è calcolato nell'unità minima: una vincita aggiunge puntata × rendimento arrotondato per difetto, una perdita toglie puntata × quota di perdita arrotondata per eccesso.

## Verifica da solo

Ogni riga dello **Storico** nella [schermata a secondi](/contractTransaction?mode=seconds) ha un link di prova. Scarica il registro dei prezzi attorno al contratto e i dati pubblici di regolamento, poi esegue il verificatore nel tuo browser: controlla la catena di hash, mostra le voci di apertura e di regolamento con i loro hash e ricalcola il pagamento. La stessa verifica si esegue da riga di comando per qualsiasi intervallo di tempo. Il [centro assistenza](/helpCenter) descrive il formato del registro.
`,
    },
    pt: {
      title: 'Como um contrato por segundos abre e é liquidado',
      summary: 'Um contrato abre na primeira entrada do registro de preços após ser aceito e é liquidado na última entrada no momento da entrega ou antes. Ninguém escolhe o resultado.',
      markdown: md`
Ninguém, nem o operador, escolhe como um contrato por segundos termina: quem decide é o registro público de preços.

## Abertura

Um contrato não abre no preço que você viu ao enviá-lo. Ele abre na **primeira entrada do registro de preços do mercado gravada depois que a exchange o aceitou** (uma ordem agendada: depois do horário de início). Assim ninguém pode saber o preço de abertura ao enviar, e ninguém pode apostar em um movimento que já aconteceu. Se nenhuma entrada chegar em 5 segundos, o contrato nunca abre e o valor e a taxa são devolvidos integralmente.

## Liquidação

A entrega é exatamente **horário de abertura + duração**. O contrato é liquidado na **última entrada no momento da entrega ou antes**:

- preço de liquidação acima do de abertura: **Alta** vence e **Baixa** perde;
- abaixo: o contrário;
- igual: empate, e o valor volta.

O pagamento é calculado na menor unidade: uma vitória soma valor × pagamento arredondado para baixo, uma derrota tira valor × índice de perda arredondado para cima.

## Confira você mesmo

Cada linha do **Histórico** na [tela por segundos](/contractTransaction?mode=seconds) tem um link de prova. Ele baixa o registro de preços em torno do contrato e os dados públicos de liquidação e roda o verificador no seu navegador: confere a cadeia de hashes, mostra as entradas de abertura e de liquidação com seus hashes e recalcula o pagamento. A mesma verificação roda na linha de comando para qualquer intervalo de tempo. A [central de ajuda](/helpCenter) descreve o formato do registro.
`,
    },
  },
};

export const HELP_SECONDS: readonly DemoArticle[] = [HOW, SETTLE];
