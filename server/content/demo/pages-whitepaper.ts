// The white paper (/informationTwo): how the exchange is built and why its results can be checked. Deliberately not
// the spec's NFT white-paper copy: that text describes no behaviour of this exchange.

import { md, type DemoArticle } from './types.ts';

const WHITEPAPER: DemoArticle = {
  seedKey: 'page.whitepaper',
  kind: 'page',
  slug: 'whitepaper',
  texts: {
    en: {
      title: 'White paper: how OpenEx is built, and why you can check it',
      summary: 'The design of OpenEx: sequenced desks, exact money in a zero-sum ledger, a public price record, verifiable settlements and liabilities, and the limits of what an operator can do.',
      markdown: md`
## 1. Aim

An exchange holds other people's money and decides their trades' outcomes. OpenEx is built so that those decisions follow published rules that anyone can recompute, rather than numbers users must take on trust.

## 2. Architecture

- **Desks.** Each kind of account (coin, contract, seconds, wealth, fiat) has one desk that applies commands one at a time, in arrival order, and writes each batch in a single database transaction on SQLite or PostgreSQL. A command is answered only after its batch has committed, so an acknowledged order survives a crash.
- **Kernel.** The trading rules (matching, perpetual margin and liquidation, seconds settlement) are pure code without input or output, tested with Binance's published examples and with property tests over random sequences.
- **Streams.** Order books, trades, candles and private balances reach the browser over one WebSocket, as numbered diffs, so a gap is always detected.

## 3. Money

Every amount is an integer of 0.00000001 of a coin. Every balance change is a journal entry that sums to zero per coin, and a ledger check recomputes every balance from the journal.

## 4. Prices

The index comes from an external feed; this exchange's own book is recorded beside it with no weight, so trading here cannot move it. Each index goes into a public hash-chained record, which seconds contracts settle on and perpetual marks start from.

## 5. What anyone can verify

- Every seconds-contract settlement and refund, from the price record.
- Every liquidation and funding payment, from the recorded marks.
- That your balance is counted in the day's liabilities, from a Merkle-sum proof ([My assets](/myassets)).
- Every wealth and mining payment, from the order's principal, rate, term and purchase time.

## 6. What an operator can and cannot do

An operator can credit, freeze or lock balances, review withdrawals and identities, set fee tables and limits, and open or close markets: each action needs a reason and is kept in an audit log. No command chooses a trade, a settlement or a bot's orders, edits a position or forces a liquidation.

## 7. Risks, stated plainly

Trading can lose money, and leverage multiplies losses. A lost seconds contract loses its stake. Wealth and mining income is the operator's promise, paid from a treasury the operator funds, not from trading. The proof of liabilities shows what is owed, not that the coins are held. Read the [help centre](/helpCenter) before you trade.
`,
    },
    'zh-CN': {
      title: '白皮书：OpenEx 如何构建，以及为什么您可以核对它',
      summary: 'OpenEx 的设计：按顺序工作的交易台、零和账本中的精确金额、公开的价格记录、可验证的结算和负债，以及运营者能做什么的边界。',
      markdown: md`
## 1. 目标

交易所保管别人的钱，并决定他们交易的结果。OpenEx 的设计让这些决定遵循任何人都能重新计算的公开规则，而不是让用户只能相信的数字。

## 2. 架构

- **交易台**。每一类账户（币币、合约、秒合约、理财、法币）都有一个交易台，它按到达顺序逐条执行指令，并在 SQLite 或 PostgreSQL 上用一个数据库事务写入每一批指令。只有在这一批提交之后才答复指令，因此已确认的订单在崩溃后依然存在。
- **内核**。交易规则（撮合、永续合约的保证金和强平、秒合约结算）是没有输入输出的纯代码，用币安公开的示例以及针对随机序列的属性测试进行检验。
- **数据流**。订单簿、成交、K 线和私人余额通过一个 WebSocket 以带编号的增量送到浏览器，因此任何缺口都一定会被发现。

## 3. 金额

每个金额都是以一个币的 0.00000001 为单位的整数。每一次余额变动都是一条在每个币种上总和为零的分录，账本检查会根据日记账重新计算每一个余额。

## 4. 价格

指数来自外部价格源；本交易所自己的订单簿记录在旁边，但权重为零，因此在这里交易无法影响指数。每个指数都写入一份公开的哈希链记录，秒合约以它结算，永续合约的标记价格也从它出发。

## 5. 任何人都能验证什么

- 每一笔秒合约的结算和退款，依据价格记录。
- 每一次强平和资金费用支付，依据记录的标记价格。
- 您的余额已计入当天的负债，依据默克尔求和证明（[我的资产](/myassets)）。
- 每一笔理财和矿池付款，依据订单的本金、利率、期限和购买时间。

## 6. 运营者能做什么、不能做什么

运营者可以给余额入账、冻结或锁定，审核提币和身份，设置费率表和限额，开放或关闭市场：每一项操作都必须写明原因并记入审计日志。没有任何命令能选择一笔交易、一次结算或机器人的订单，修改仓位或强制强平。

## 7. 坦白说明风险

交易可能亏损，杠杆会放大亏损。秒合约输了就会失去本金。理财和矿池收益是运营者的承诺，由运营者注资的资金池支付，而不是来自交易。负债证明显示的是欠了多少，而不是证明币确实被持有。交易前请阅读[帮助中心](/helpCenter)。
`,
    },
    'zh-TW': {
      title: '白皮書：OpenEx 如何構建，以及為什麼您可以核對它',
      summary: 'OpenEx 的設計：依序工作的交易台、零和帳本中的精確金額、公開的價格紀錄、可驗證的結算和負債，以及營運者能做什麼的界限。',
      markdown: md`
## 1. 目標

交易所保管別人的錢，並決定他們交易的結果。OpenEx 的設計讓這些決定遵循任何人都能重新計算的公開規則，而不是讓使用者只能相信的數字。

## 2. 架構

- **交易台**。每一類帳戶（幣幣、合約、秒合約、理財、法幣）都有一個交易台，它依到達順序逐條執行指令，並在 SQLite 或 PostgreSQL 上用一個資料庫交易寫入每一批指令。只有在這一批提交之後才答覆指令，因此已確認的訂單在當機後依然存在。
- **核心**。交易規則（撮合、永續合約的保證金和強平、秒合約結算）是沒有輸入輸出的純程式碼，用幣安公開的範例以及針對隨機序列的屬性測試進行檢驗。
- **資料流**。訂單簿、成交、K 線和私人餘額透過一個 WebSocket 以帶編號的增量送到瀏覽器，因此任何缺口都一定會被發現。

## 3. 金額

每個金額都是以一個幣的 0.00000001 為單位的整數。每一次餘額變動都是一筆在每個幣種上總和為零的分錄，帳本檢查會根據日記帳重新計算每一個餘額。

## 4. 價格

指數來自外部價格來源；本交易所自己的訂單簿紀錄在旁邊，但權重為零，因此在這裡交易無法影響指數。每個指數都寫入一份公開的雜湊鏈紀錄，秒合約以它結算，永續合約的標記價格也從它出發。

## 5. 任何人都能驗證什麼

- 每一筆秒合約的結算和退款，依據價格紀錄。
- 每一次強平和資金費用支付，依據紀錄的標記價格。
- 您的餘額已計入當天的負債，依據默克爾求和證明（[我的資產](/myassets)）。
- 每一筆理財和礦池付款，依據訂單的本金、利率、期限和購買時間。

## 6. 營運者能做什麼、不能做什麼

營運者可以為餘額入帳、凍結或鎖定，審核提幣和身分，設定費率表和限額，開放或關閉市場：每一項操作都必須寫明原因並記入稽核日誌。沒有任何指令能選擇一筆交易、一次結算或機器人的訂單，修改倉位或強制強平。

## 7. 坦白說明風險

交易可能虧損，槓桿會放大虧損。秒合約輸了就會失去本金。理財和礦池收益是營運者的承諾，由營運者注資的資金池支付，而不是來自交易。負債證明顯示的是欠了多少，而不是證明幣確實被持有。交易前請閱讀[幫助中心](/helpCenter)。
`,
    },
    ja: {
      title: 'ホワイトペーパー：OpenEx の作りと、それを確かめられる理由',
      summary: 'OpenEx の設計：順番に処理するデスク、合計ゼロの台帳での正確な金額、公開の価格記録、検証できる決済と負債、そして運営者にできることの限界。',
      markdown: md`
## 1. 目的

取引所は他人のお金を預かり、その取引の結果を決めます。OpenEx は、それらの決定が、ユーザーが信じるしかない数字ではなく、誰でも再計算できる公開のルールに従うように作られています。

## 2. アーキテクチャ

- **デスク**。口座の種類（現物、先物、秒先物、資産運用、法定通貨）ごとに 1 つのデスクがあり、命令を到着順に 1 つずつ適用し、まとまりごとに SQLite または PostgreSQL の 1 つのデータベーストランザクションで書き込みます。命令への応答はそのまとまりがコミットされてからなので、受け付けた注文はクラッシュしても残ります。
- **カーネル**。取引ルール（マッチング、無期限先物の証拠金と清算、秒先物の決済）は入出力を持たない純粋なコードで、Binance が公開した計算例と、ランダムな系列に対するプロパティテストで検証されています。
- **ストリーム**。オーダーブック、約定、ローソク足、個人の残高は、1 本の WebSocket を通じて番号付きの差分としてブラウザに届くので、欠落は必ず検出されます。

## 3. 金額

すべての金額はコインの 0.00000001 を単位とする整数です。残高の変化はすべてコインごとに合計ゼロとなる仕訳であり、台帳チェックが仕訳帳からすべての残高を再計算します。

## 4. 価格

指数は外部のフィードから来ます。この取引所自身のブックは横に記録されますが重みはゼロなので、ここでの取引で指数は動きません。各指数は公開のハッシュチェーン記録に書き込まれ、秒先物はそれで決済され、無期限先物のマーク価格もそこから始まります。

## 5. 誰でも検証できること

- すべての秒先物の決済と返金を、価格記録から。
- すべての清算と資金調達の支払いを、記録されたマーク価格から。
- あなたの残高がその日の負債に含まれていることを、マークル和の証明から（[マイ資産](/myassets)）。
- すべての資産運用とマイニングの支払いを、注文の元本、利率、期間、購入時刻から。

## 6. 運営者にできること、できないこと

運営者は残高の入金・凍結・ロック、出金と本人確認の審査、手数料表と上限の設定、市場の開閉ができます。どの操作にも理由が必要で、監査ログに残ります。取引、決済、ボットの注文を選ぶコマンド、ポジションを書き換えるコマンド、清算を強制するコマンドはありません。

## 7. リスクをはっきりと

取引では損失が出ることがあり、レバレッジは損失を拡大します。秒先物で負ければ元本を失います。資産運用とマイニングの収益は運営者の約束であり、取引からではなく、運営者が資金を入れた資金口座から支払われます。負債証明が示すのは負っている額であって、コインが保有されていることではありません。取引の前に[ヘルプセンター](/helpCenter)をお読みください。
`,
    },
    th: {
      title: 'ไวต์เปเปอร์: OpenEx สร้างขึ้นอย่างไร และทำไมคุณตรวจสอบได้',
      summary: 'การออกแบบของ OpenEx: เดสก์ที่ทำงานตามลำดับ เงินที่แม่นยำในบัญชีที่รวมเป็นศูนย์ บันทึกราคาสาธารณะ การชำระและหนี้สินที่ตรวจสอบได้ และขอบเขตของสิ่งที่ผู้ดูแลทำได้',
      markdown: md`
## 1. เป้าหมาย

กระดานเทรดถือเงินของผู้อื่นและตัดสินผลการซื้อขายของพวกเขา OpenEx ถูกสร้างขึ้นให้การตัดสินเหล่านั้นเป็นไปตามกฎที่เผยแพร่ซึ่งใครก็คำนวณใหม่ได้ แทนที่จะเป็นตัวเลขที่ผู้ใช้ต้องเชื่อเอา

## 2. สถาปัตยกรรม

- **เดสก์** บัญชีแต่ละประเภท (เหรียญ สัญญา สัญญาวินาที การลงทุน เฟียต) มีเดสก์หนึ่งตัวที่ทำคำสั่งทีละคำสั่งตามลำดับที่มาถึง และเขียนแต่ละชุดในธุรกรรมฐานข้อมูลเดียวบน SQLite หรือ PostgreSQL คำสั่งจะได้รับคำตอบหลังชุดของมันคอมมิตแล้วเท่านั้น คำสั่งที่ตอบรับแล้วจึงอยู่รอดแม้ระบบล่ม
- **เคอร์เนล** กฎการซื้อขาย (การจับคู่ มาร์จิ้นและการชำระบัญชีของสัญญาไม่มีวันหมดอายุ การชำระสัญญาวินาที) เป็นโค้ดบริสุทธิ์ที่ไม่มีการรับส่งข้อมูลภายนอก ทดสอบด้วยตัวอย่างที่ Binance เผยแพร่และการทดสอบเชิงคุณสมบัติบนลำดับแบบสุ่ม
- **สตรีม** สมุดคำสั่ง การซื้อขาย แท่งเทียน และยอดคงเหลือส่วนตัว ส่งถึงเบราว์เซอร์ผ่าน WebSocket เส้นเดียวเป็นส่วนต่างที่มีหมายเลข ช่องว่างใด ๆ จึงถูกตรวจพบเสมอ

## 3. เงิน

ทุกจำนวนเงินเป็นจำนวนเต็มในหน่วย 0.00000001 ของเหรียญ ทุกการเปลี่ยนแปลงยอดคือรายการบันทึกที่รวมกันได้ศูนย์ในแต่ละเหรียญ และการตรวจบัญชีคำนวณทุกยอดใหม่จากสมุดรายวัน

## 4. ราคา

ดัชนีมาจากแหล่งราคาภายนอก สมุดคำสั่งของกระดานเทรดนี้ถูกบันทึกไว้ข้าง ๆ โดยมีน้ำหนักเป็นศูนย์ การเทรดที่นี่จึงขยับดัชนีไม่ได้ ดัชนีแต่ละค่าถูกเขียนลงในบันทึกสาธารณะที่เชื่อมด้วยแฮช ซึ่งสัญญาวินาทีใช้ชำระ และราคามาร์กของสัญญาไม่มีวันหมดอายุเริ่มจากตรงนั้น

## 5. สิ่งที่ใครก็ตรวจสอบได้

- การชำระและการคืนเงินของสัญญาวินาทีทุกรายการ จากบันทึกราคา
- การชำระบัญชีและการจ่ายค่าระดมทุนทุกครั้ง จากราคามาร์กที่บันทึกไว้
- ว่ายอดของคุณถูกนับในหนี้สินของวันนั้น จากหลักฐานต้นไม้ผลรวมเมอร์เคิล ([สินทรัพย์ของฉัน](/myassets))
- การจ่ายผลตอบแทนการลงทุนและการขุดทุกครั้ง จากเงินต้น อัตรา ระยะเวลา และเวลาซื้อของคำสั่ง

## 6. สิ่งที่ผู้ดูแลทำได้และทำไม่ได้

ผู้ดูแลเติมเงิน ตรึง หรือล็อกยอดคงเหลือ ตรวจสอบการถอนและตัวตน ตั้งตารางค่าธรรมเนียมและวงเงิน และเปิดหรือปิดตลาดได้ ทุกการกระทำต้องมีเหตุผลและถูกเก็บในบันทึกการตรวจสอบ ไม่มีคำสั่งใดเลือกการซื้อขาย การชำระ หรือคำสั่งของบอท แก้ไขโพซิชัน หรือบังคับชำระบัญชีได้

## 7. ความเสี่ยง พูดกันตรง ๆ

การเทรดอาจขาดทุน และเลเวอเรจขยายการขาดทุน สัญญาวินาทีที่แพ้จะเสียเงินเดิมพัน ผลตอบแทนการลงทุนและการขุดเป็นคำสัญญาของผู้ดูแล จ่ายจากคลังที่ผู้ดูแลเติมเงินไว้ ไม่ได้มาจากการเทรด หลักฐานหนี้สินแสดงว่าติดค้างเท่าใด ไม่ได้แสดงว่าถือเหรียญไว้จริง โปรดอ่าน[ศูนย์ช่วยเหลือ](/helpCenter)ก่อนเทรด
`,
    },
    ko: {
      title: '백서: OpenEx는 어떻게 만들어졌고, 왜 확인할 수 있는가',
      summary: 'OpenEx의 설계: 순서대로 일하는 데스크, 합이 0인 원장의 정확한 금액, 공개 가격 기록, 검증 가능한 정산과 부채, 그리고 운영자가 할 수 있는 일의 한계.',
      markdown: md`
## 1. 목표

거래소는 다른 사람의 돈을 맡고 그들 거래의 결과를 정합니다. OpenEx는 그 결정들이 사용자가 믿을 수밖에 없는 숫자가 아니라, 누구나 다시 계산할 수 있는 공개된 규칙을 따르도록 만들어졌습니다.

## 2. 아키텍처

- **데스크.** 계정 종류(현물, 선물, 초 단위 선물, 자산 운용, 법정화폐)마다 데스크가 하나 있어, 명령을 도착 순서대로 하나씩 적용하고 각 묶음을 SQLite 또는 PostgreSQL의 단일 데이터베이스 트랜잭션으로 기록합니다. 명령은 그 묶음이 커밋된 뒤에야 응답을 받으므로, 접수된 주문은 장애가 나도 남습니다.
- **커널.** 거래 규칙(매칭, 무기한 선물의 증거금과 청산, 초 단위 선물 정산)은 입출력이 없는 순수 코드이며, Binance가 공개한 예시와 무작위 시퀀스에 대한 속성 테스트로 검증됩니다.
- **스트림.** 호가창, 체결, 캔들, 개인 잔액은 하나의 WebSocket을 통해 번호가 붙은 차분으로 브라우저에 도착하므로, 빠진 것이 있으면 반드시 알아챕니다.

## 3. 금액

모든 금액은 코인의 0.00000001을 단위로 한 정수입니다. 모든 잔액 변화는 코인마다 합이 0인 분개이며, 원장 점검이 분개장에서 모든 잔액을 다시 계산합니다.

## 4. 가격

지수는 외부 피드에서 옵니다. 이 거래소 자체의 호가창은 옆에 기록되지만 가중치가 0이므로, 여기서 거래해도 지수는 움직이지 않습니다. 각 지수는 공개 해시 체인 기록에 쓰이며, 초 단위 선물은 이것으로 정산되고 무기한 선물의 마크 가격도 여기서 출발합니다.

## 5. 누구나 검증할 수 있는 것

- 모든 초 단위 선물의 정산과 환불을 가격 기록으로.
- 모든 청산과 펀딩 지급을 기록된 마크 가격으로.
- 내 잔액이 그날의 부채에 포함되었음을 머클 합 증명으로([내 자산](/myassets)).
- 모든 자산 운용과 마이닝 지급을 주문의 원금, 이율, 기간, 구매 시각으로.

## 6. 운영자가 할 수 있는 것과 없는 것

운영자는 잔액을 입금·동결·잠금하고, 출금과 신원을 심사하고, 수수료 표와 한도를 정하고, 마켓을 열거나 닫을 수 있습니다. 모든 조치에는 사유가 필요하며 감사 로그에 남습니다. 거래, 정산, 봇의 주문을 고르거나 포지션을 고치거나 청산을 강제하는 명령은 없습니다.

## 7. 위험, 솔직하게

거래는 손실을 낼 수 있고, 레버리지는 손실을 키웁니다. 초 단위 선물에서 지면 원금을 잃습니다. 자산 운용과 마이닝 수익은 운영자의 약속이며, 거래가 아니라 운영자가 자금을 넣은 자금 계정에서 지급됩니다. 부채 증명은 빚진 금액을 보여 줄 뿐, 코인이 실제로 보관되어 있음을 보여 주지는 않습니다. 거래 전에 [고객센터](/helpCenter)를 읽어 보세요.
`,
    },
    es: {
      title: 'Libro blanco: cómo está hecho OpenEx y por qué puedes comprobarlo',
      summary: 'El diseño de OpenEx: gestores secuenciales, dinero exacto en un libro contable de suma cero, un registro público de precios, liquidaciones y pasivos verificables, y los límites del operador.',
      markdown: md`
## 1. Objetivo

Un exchange guarda el dinero de otros y decide el resultado de sus operaciones. OpenEx está hecho para que esas decisiones sigan reglas publicadas que cualquiera puede recalcular, en lugar de números que los usuarios deben creerse.

## 2. Arquitectura

- **Gestores.** Cada tipo de cuenta (spot, contratos, por segundos, inversión, fiat) tiene un gestor que aplica las órdenes de una en una, por orden de llegada, y escribe cada lote en una única transacción de base de datos en SQLite o PostgreSQL. Una orden se responde solo después de confirmarse su lote, así que una orden aceptada sobrevive a una caída.
- **Núcleo.** Las reglas de trading (emparejamiento, margen y liquidación de perpetuos, liquidación por segundos) son código puro sin entrada ni salida, probado con los ejemplos publicados por Binance y con pruebas de propiedades sobre secuencias aleatorias.
- **Flujos.** Los libros de órdenes, las operaciones, las velas y los saldos privados llegan al navegador por un único WebSocket, como diferencias numeradas, de modo que siempre se detecta un hueco.

## 3. Dinero

Cada importe es un entero de 0,00000001 de moneda. Cada cambio de saldo es un asiento que suma cero por moneda, y una comprobación del libro contable recalcula cada saldo a partir del diario.

## 4. Precios

El índice viene de una fuente externa; el libro propio de este exchange se registra a su lado sin peso, así que operar aquí no puede moverlo. Cada índice entra en un registro público encadenado por hashes, con el que se liquidan los contratos por segundos y del que parten las marcas de los perpetuos.

## 5. Lo que cualquiera puede verificar

- Cada liquidación y reembolso de contratos por segundos, a partir del registro de precios.
- Cada liquidación de perpetuos y pago de financiación, a partir de las marcas registradas.
- Que tu saldo está contado en los pasivos del día, con una prueba de Merkle con sumas ([Mis activos](/myassets)).
- Cada pago de inversión y minería, a partir del capital, la tasa, el plazo y la hora de compra de la orden.

## 6. Lo que un operador puede y no puede hacer

Un operador puede abonar, congelar o bloquear saldos, revisar retiros e identidades, fijar tablas de comisiones y límites, y abrir o cerrar mercados: cada acción necesita un motivo y queda en un registro de auditoría. Ningún comando elige una operación, una liquidación o las órdenes de un bot, edita una posición o fuerza una liquidación.

## 7. Riesgos, dichos claramente

Operar puede hacer perder dinero, y el apalancamiento multiplica las pérdidas. Un contrato por segundos perdido pierde su importe. Los rendimientos de inversión y minería son una promesa del operador, pagada desde una tesorería que él financia, no del trading. La prueba de pasivos muestra lo que se debe, no que las monedas estén guardadas. Lee el [centro de ayuda](/helpCenter) antes de operar.
`,
    },
    it: {
      title: 'White paper: come è costruito OpenEx e perché puoi verificarlo',
      summary: "Il progetto di OpenEx: gestori sequenziali, denaro esatto in un registro a somma zero, un registro pubblico dei prezzi, regolamenti e passività verificabili e i limiti dell'operatore.",
      markdown: md`
## 1. Obiettivo

Un exchange custodisce il denaro altrui e decide l'esito dei suoi scambi. OpenEx è costruito perché quelle decisioni seguano regole pubblicate che chiunque può ricalcolare, invece di numeri a cui gli utenti devono credere sulla fiducia.

## 2. Architettura

- **Gestori.** Ogni tipo di conto (spot, contratti, a secondi, rendimenti, fiat) ha un gestore che applica i comandi uno alla volta, in ordine di arrivo, e scrive ogni lotto in un'unica transazione del database su SQLite o PostgreSQL. Un comando riceve risposta solo dopo il commit del suo lotto, quindi un ordine confermato sopravvive a un crash.
- **Nucleo.** Le regole di trading (abbinamento, margine e liquidazione dei perpetui, regolamento a secondi) sono codice puro senza input né output, verificato con gli esempi pubblicati da Binance e con test di proprietà su sequenze casuali.
- **Flussi.** Order book, scambi, candele e saldi privati arrivano al browser tramite un unico WebSocket, come differenze numerate, così un buco viene sempre rilevato.

## 3. Denaro

Ogni importo è un intero di 0,00000001 di moneta. Ogni variazione di saldo è una scrittura che somma a zero per moneta, e un controllo del registro ricalcola ogni saldo dal giornale.

## 4. Prezzi

L'indice viene da una fonte esterna; il book di questo exchange è registrato accanto con peso zero, quindi fare trading qui non può muoverlo. Ogni indice entra in un registro pubblico concatenato da hash, su cui si regolano i contratti a secondi e da cui partono i mark dei perpetui.

## 5. Cosa chiunque può verificare

- Ogni regolamento e rimborso dei contratti a secondi, dal registro dei prezzi.
- Ogni liquidazione e pagamento di funding, dai mark registrati.
- Che il tuo saldo sia contato nelle passività del giorno, con una prova di Merkle con somme ([I miei asset](/myassets)).
- Ogni pagamento di rendimento e di mining, dal capitale, tasso, durata e orario di acquisto dell'ordine.

## 6. Cosa un operatore può e non può fare

Un operatore può accreditare, congelare o bloccare saldi, esaminare prelievi e identità, impostare tabelle di commissioni e limiti, e aprire o chiudere mercati: ogni azione richiede un motivo e finisce in un registro di audit. Nessun comando sceglie uno scambio, un regolamento o gli ordini di un bot, modifica una posizione o forza una liquidazione.

## 7. I rischi, detti chiaramente

Il trading può far perdere denaro, e la leva moltiplica le perdite. Un contratto a secondi perso perde la sua puntata. I rendimenti e i proventi del mining sono una promessa dell'operatore, pagata da una tesoreria che lui finanzia, non dal trading. La prova delle passività mostra quanto è dovuto, non che le monete siano custodite. Leggi il [centro assistenza](/helpCenter) prima di operare.
`,
    },
    pt: {
      title: 'White paper: como a OpenEx é construída e por que você pode conferi-la',
      summary: 'O projeto da OpenEx: mesas sequenciais, dinheiro exato em um livro de soma zero, um registro público de preços, liquidações e passivos verificáveis e os limites do operador.',
      markdown: md`
## 1. Objetivo

Uma exchange guarda o dinheiro de outras pessoas e decide o resultado das negociações delas. A OpenEx foi construída para que essas decisões sigam regras publicadas que qualquer pessoa pode recalcular, em vez de números em que os usuários precisam acreditar.

## 2. Arquitetura

- **Mesas.** Cada tipo de conta (spot, contratos, por segundos, investimentos, fiduciária) tem uma mesa que aplica os comandos um de cada vez, na ordem de chegada, e grava cada lote em uma única transação de banco de dados no SQLite ou no PostgreSQL. Um comando só é respondido depois que seu lote é confirmado, então uma ordem aceita sobrevive a uma queda.
- **Núcleo.** As regras de negociação (casamento, margem e liquidação de perpétuos, liquidação por segundos) são código puro sem entrada nem saída, testado com os exemplos publicados pela Binance e com testes de propriedades sobre sequências aleatórias.
- **Fluxos.** Livros de ordens, negociações, candles e saldos privados chegam ao navegador por um único WebSocket, como diferenças numeradas, de modo que uma lacuna sempre é detectada.

## 3. Dinheiro

Cada valor é um inteiro de 0,00000001 de moeda. Cada mudança de saldo é um lançamento que soma zero por moeda, e uma verificação do livro contábil recalcula cada saldo a partir do diário.

## 4. Preços

O índice vem de uma fonte externa; o livro próprio desta exchange é registrado ao lado com peso zero, então negociar aqui não o move. Cada índice entra em um registro público encadeado por hashes, pelo qual os contratos por segundos são liquidados e do qual partem as marcações dos perpétuos.

## 5. O que qualquer pessoa pode verificar

- Cada liquidação e reembolso de contratos por segundos, a partir do registro de preços.
- Cada liquidação de perpétuos e pagamento de financiamento, a partir das marcações registradas.
- Que o seu saldo está contado nos passivos do dia, com uma prova de Merkle com somas ([Meus ativos](/myassets)).
- Cada pagamento de investimento e mineração, a partir do principal, da taxa, do prazo e do horário de compra da ordem.

## 6. O que um operador pode e não pode fazer

Um operador pode creditar, congelar ou bloquear saldos, analisar saques e identidades, definir tabelas de taxas e limites, e abrir ou fechar mercados: cada ação exige um motivo e fica em um registro de auditoria. Nenhum comando escolhe uma negociação, uma liquidação ou as ordens de um bot, altera uma posição ou força uma liquidação.

## 7. Riscos, ditos com clareza

Negociar pode dar prejuízo, e a alavancagem multiplica as perdas. Um contrato por segundos perdido perde o valor apostado. Os rendimentos de investimento e mineração são uma promessa do operador, pagos por uma tesouraria que ele abastece, não pela negociação. A prova de passivos mostra o que é devido, não que as moedas estejam guardadas. Leia a [central de ajuda](/helpCenter) antes de negociar.
`,
    },
  },
};

export const PAGES_WHITEPAPER: readonly DemoArticle[] = [WHITEPAPER];
