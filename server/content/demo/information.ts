// Information articles: how matching works, why settlements can be recomputed, exact money and the zero-sum ledger.

import { md, type DemoArticle } from './types.ts';

const MATCHING: DemoArticle = {
  seedKey: 'information.matching',
  kind: 'information',
  ageDays: 17,
  texts: {
    en: {
      title: 'How matching works',
      summary: 'One order book per market, one desk applying commands in arrival order, price-time priority, and an answer only once the order is safely written.',
      markdown: md`
Every spot market has one order book, and one sequenced desk applies every command to it in the order the commands arrived.

## Price-time priority

A buy trades with the lowest sell at or under its price; a sell with the highest buy at or over its price. At one price, the order that came first trades first. A trade always happens at the resting order's price, so a taker gets that price or a better one.

## What the engine checks

Before an order reaches the book, the engine checks the market's tick and lot size, the minimum and maximum quantity and value, that the market is open, and that the funds are there: a buy holds its quote coin, a sell its base coin. Market orders are bounded by a price band around the index and never trade beyond it. Self-trade prevention, on by default, stops your own orders from trading against each other.

## Acknowledged means durable

The desk writes each batch of commands in one database transaction and answers only after it has committed. An order you were told was accepted survives a crash, and after a restart the desk rebuilds every book in its original time priority. If a write ever fails, the desk stops taking commands rather than run ahead of what is stored.

## One book for everyone

The same book serves the web terminal, the Binance-compatible REST and WebSocket APIs, the quantitative bots and the demo's market maker, which trades like any user. In the project's benchmark the matching book alone handles over 8 million operations a second on two processor cores. Every fill is public in the market's trade list and candles, and you can follow them live on [the markets page](/quotation).
`,
    },
    'zh-CN': {
      title: '撮合如何运作',
      summary: '每个市场一个订单簿，一个按到达顺序处理指令的交易台，价格时间优先，订单安全写入后才给出答复。',
      markdown: md`
每个现货市场只有一个订单簿，由一个按顺序工作的交易台按指令到达的先后对它执行每一条指令。

## 价格时间优先

买单与价格不高于其价格的最低卖单成交；卖单与价格不低于其价格的最高买单成交。同一价格下，先到的订单先成交。成交总是以挂单的价格进行，因此吃单方得到的是这个价格或更好的价格。

## 引擎检查什么

订单进入订单簿之前，引擎会检查市场的价格步长和数量单位、最小和最大数量与金额、市场是否开放，以及资金是否到位：买单冻结计价币，卖单冻结基础币。市价单受指数价格附近的价格区间限制，绝不会在区间之外成交。默认开启的自成交保护防止您自己的订单互相成交。

## 确认即持久

交易台把每一批指令写入一个数据库事务，只有在提交之后才给出答复。告诉您已被接受的订单在崩溃后依然存在，重启后交易台会按原来的时间优先顺序重建每个订单簿。如果写入失败，交易台会停止接收指令，而不是跑在已存储的数据前面。

## 所有人共用一个订单簿

同一个订单簿服务于网页交易终端、兼容币安的 REST 和 WebSocket API、量化机器人，以及像普通用户一样交易的演示做市商。在项目的基准测试中，仅撮合订单簿一项就能在两个处理器核心上每秒处理超过 800 万次操作。每一笔成交都公开在该市场的成交列表和 K 线中，您可以在[行情页面](/quotation)实时关注。
`,
    },
    'zh-TW': {
      title: '撮合如何運作',
      summary: '每個市場一個訂單簿，一個依到達順序處理指令的交易台，價格時間優先，訂單安全寫入後才給出答覆。',
      markdown: md`
每個現貨市場只有一個訂單簿，由一個依序工作的交易台依指令到達的先後對它執行每一條指令。

## 價格時間優先

買單與價格不高於其價格的最低賣單成交；賣單與價格不低於其價格的最高買單成交。同一價格下，先到的訂單先成交。成交總是以掛單的價格進行，因此吃單方得到的是這個價格或更好的價格。

## 引擎檢查什麼

訂單進入訂單簿之前，引擎會檢查市場的價格跳動單位和數量單位、最小和最大數量與金額、市場是否開放，以及資金是否到位：買單凍結計價幣，賣單凍結基礎幣。市價單受指數價格附近的價格區間限制，絕不會在區間之外成交。預設開啟的自成交保護防止您自己的訂單互相成交。

## 確認即持久

交易台把每一批指令寫入一個資料庫交易，只有在提交之後才給出答覆。告訴您已被接受的訂單在當機後依然存在，重新啟動後交易台會依原來的時間優先順序重建每個訂單簿。如果寫入失敗，交易台會停止接收指令，而不是跑在已儲存的資料前面。

## 所有人共用一個訂單簿

同一個訂單簿服務於網頁交易終端、相容幣安的 REST 和 WebSocket API、量化機器人，以及像一般使用者一樣交易的示範造市商。在專案的效能測試中，僅撮合訂單簿一項就能在兩個處理器核心上每秒處理超過 800 萬次操作。每一筆成交都公開在該市場的成交列表和 K 線中，您可以在[行情頁面](/quotation)即時關注。
`,
    },
    ja: {
      title: 'マッチングの仕組み',
      summary: '市場ごとに 1 つのオーダーブック、到着順に命令を処理する 1 つのデスク、価格・時間優先、そして注文が安全に書き込まれてから初めて返す応答。',
      markdown: md`
現物市場にはそれぞれ 1 つのオーダーブックがあり、順番に処理する 1 つのデスクが、命令を到着した順にそのブックへ適用します。

## 価格・時間優先

買い注文は、その価格以下で最も安い売り注文と約定し、売り注文は、その価格以上で最も高い買い注文と約定します。同じ価格なら先に来た注文が先に約定します。約定は常に板に並んでいた注文の価格で行われるので、テイカーはその価格か、より有利な価格を得ます。

## エンジンが確認すること

注文がブックに届く前に、エンジンは市場のティックとロットサイズ、数量と金額の最小・最大、市場が開いていること、そして資金があることを確認します。買いは決済通貨を、売りは基軸通貨を拘束します。成行注文は指数価格を中心とした価格帯の中に限られ、それを超えて約定することはありません。既定で有効な自己約定防止により、あなた自身の注文同士は約定しません。

## 受付は永続を意味する

デスクは命令のまとまりごとに 1 つのデータベーストランザクションで書き込み、コミットしてから初めて応答します。受け付けたと伝えた注文はクラッシュしても残り、再起動後にはデスクが元の時間優先の順序ですべてのブックを組み直します。万一書き込みに失敗したら、デスクは保存済みの内容より先に進むのではなく、命令の受付を止めます。

## 全員に 1 つのブック

同じブックが、ウェブのターミナル、Binance 互換の REST と WebSocket API、クオンツボット、そして一般ユーザーと同じように取引するデモのマーケットメイカーに使われます。プロジェクトのベンチマークでは、マッチング用のブックだけで 2 つのプロセッサコア上で毎秒 800 万回を超える操作を処理します。約定はすべて市場の約定一覧とローソク足で公開されており、[マーケットページ](/quotation)でリアルタイムに追えます。
`,
    },
    th: {
      title: 'การจับคู่คำสั่งทำงานอย่างไร',
      summary: 'สมุดคำสั่งหนึ่งเล่มต่อตลาด เดสก์หนึ่งตัวที่ทำคำสั่งตามลำดับที่มาถึง ลำดับความสำคัญด้านราคาและเวลา และตอบกลับเมื่อคำสั่งถูกเขียนอย่างปลอดภัยแล้วเท่านั้น',
      markdown: md`
ตลาดสปอตแต่ละตลาดมีสมุดคำสั่งเล่มเดียว และมีเดสก์หนึ่งตัวที่ทำงานตามลำดับ นำทุกคำสั่งไปใช้กับสมุดตามลำดับที่คำสั่งมาถึง

## ลำดับความสำคัญด้านราคาและเวลา

คำสั่งซื้อจับคู่กับคำสั่งขายที่ราคาต่ำที่สุดซึ่งไม่เกินราคาของตน คำสั่งขายจับคู่กับคำสั่งซื้อที่ราคาสูงที่สุดซึ่งไม่ต่ำกว่าราคาของตน ที่ราคาเดียวกัน คำสั่งที่มาก่อนได้จับคู่ก่อน การซื้อขายเกิดที่ราคาของคำสั่งที่รออยู่เสมอ ผู้รับสภาพคล่องจึงได้ราคานั้นหรือดีกว่า

## สิ่งที่เอนจินตรวจ

ก่อนคำสั่งจะถึงสมุด เอนจินตรวจขนาดช่วงราคาและขนาดล็อตของตลาด จำนวนและมูลค่าต่ำสุดและสูงสุด ว่าตลาดเปิดอยู่ และว่ามีเงินพอ: คำสั่งซื้อกันเหรียญอ้างอิงไว้ คำสั่งขายกันเหรียญหลักไว้ คำสั่งมาร์เก็ตถูกจำกัดด้วยช่วงราคารอบราคาดัชนีและไม่มีวันจับคู่เกินช่วงนั้น การป้องกันการซื้อขายกับตัวเองซึ่งเปิดไว้โดยค่าเริ่มต้น ทำให้คำสั่งของคุณไม่จับคู่กันเอง

## ตอบรับแล้วคือบันทึกถาวรแล้ว

เดสก์เขียนคำสั่งแต่ละชุดในธุรกรรมฐานข้อมูลเดียว และตอบกลับหลังจากคอมมิตแล้วเท่านั้น คำสั่งที่คุณได้รับแจ้งว่ารับแล้วจะยังอยู่แม้ระบบล่ม และหลังรีสตาร์ต เดสก์จะสร้างสมุดทุกเล่มขึ้นใหม่ตามลำดับเวลาเดิม หากการเขียนล้มเหลว เดสก์จะหยุดรับคำสั่ง แทนที่จะทำงานล้ำหน้าสิ่งที่บันทึกไว้

## สมุดเล่มเดียวสำหรับทุกคน

สมุดเล่มเดียวกันให้บริการเทอร์มินัลบนเว็บ API แบบ REST และ WebSocket ที่เข้ากันได้กับ Binance บอทเทรดเชิงปริมาณ และผู้สร้างสภาพคล่องของการสาธิตซึ่งเทรดเหมือนผู้ใช้ทั่วไป ในการวัดประสิทธิภาพของโครงการ สมุดจับคู่เพียงอย่างเดียวทำงานได้มากกว่า 8 ล้านครั้งต่อวินาทีบนหน่วยประมวลผลสองคอร์ ทุกการจับคู่เปิดเผยในรายการซื้อขายและแท่งเทียนของตลาด และคุณติดตามแบบสดได้ที่[หน้าตลาด](/quotation)
`,
    },
    ko: {
      title: '매칭의 작동 방식',
      summary: '마켓마다 호가창 하나, 도착 순서대로 명령을 처리하는 데스크 하나, 가격·시간 우선, 그리고 주문이 안전하게 기록된 뒤에야 주는 응답.',
      markdown: md`
모든 현물 마켓에는 호가창이 하나 있으며, 순서대로 일하는 데스크 하나가 명령이 도착한 순서대로 모든 명령을 그 호가창에 적용합니다.

## 가격·시간 우선

매수는 자기 가격 이하에서 가장 낮은 매도와 체결되고, 매도는 자기 가격 이상에서 가장 높은 매수와 체결됩니다. 같은 가격에서는 먼저 온 주문이 먼저 체결됩니다. 체결은 항상 걸려 있던 주문의 가격으로 이뤄지므로 테이커는 그 가격이나 더 좋은 가격을 받습니다.

## 엔진이 확인하는 것

주문이 호가창에 닿기 전에 엔진은 마켓의 틱과 로트 크기, 최소·최대 수량과 금액, 마켓이 열려 있는지, 자금이 있는지를 확인합니다. 매수는 견적 코인을, 매도는 기준 코인을 묶어 둡니다. 시장가 주문은 지수 가격 주변의 가격 밴드로 제한되어 그 밖에서는 체결되지 않습니다. 기본으로 켜져 있는 자기 거래 방지 기능이 당신의 주문끼리 체결되는 것을 막습니다.

## 접수는 곧 영속

데스크는 명령 묶음마다 하나의 데이터베이스 트랜잭션으로 기록하고, 커밋한 뒤에야 응답합니다. 접수되었다고 안내받은 주문은 장애가 나도 남아 있으며, 재시작 후 데스크는 모든 호가창을 원래의 시간 우선 순서대로 다시 세웁니다. 기록이 실패하면 데스크는 저장된 것보다 앞서 나가지 않고 명령 받기를 멈춥니다.

## 모두를 위한 하나의 호가창

같은 호가창이 웹 터미널, Binance 호환 REST 및 WebSocket API, 퀀트 봇, 그리고 일반 사용자처럼 거래하는 데모의 마켓 메이커에 쓰입니다. 프로젝트 벤치마크에서 매칭 호가창만으로 프로세서 코어 두 개에서 초당 800만 건이 넘는 작업을 처리합니다. 모든 체결은 마켓의 체결 목록과 캔들에 공개되며, [마켓 페이지](/quotation)에서 실시간으로 볼 수 있습니다.
`,
    },
    es: {
      title: 'Cómo funciona el emparejamiento',
      summary: 'Un libro de órdenes por mercado, un gestor que aplica las órdenes por orden de llegada, prioridad precio-tiempo y una respuesta solo cuando la orden está escrita de forma segura.',
      markdown: md`
Cada mercado spot tiene un libro de órdenes, y un único gestor secuencial aplica cada orden sobre él en el orden en que llegaron.

## Prioridad precio-tiempo

Una compra se ejecuta con la venta más baja a su precio o por debajo; una venta, con la compra más alta a su precio o por encima. A un mismo precio, la orden que llegó primero se ejecuta primero. Una operación se hace siempre al precio de la orden que estaba en el libro, así que quien toma liquidez obtiene ese precio o uno mejor.

## Lo que comprueba el motor

Antes de que una orden llegue al libro, el motor comprueba el tick y el tamaño de lote del mercado, la cantidad y el valor mínimos y máximos, que el mercado esté abierto y que los fondos estén: una compra retiene su moneda de cotización y una venta su moneda base. Las órdenes de mercado están limitadas por una banda de precios alrededor del índice y nunca se ejecutan más allá. La prevención de autoejecución, activa por defecto, impide que tus propias órdenes se ejecuten entre sí.

## Confirmado significa duradero

El gestor escribe cada lote de órdenes en una sola transacción de base de datos y solo responde después de confirmarla. Una orden que se te dijo aceptada sobrevive a una caída, y tras un reinicio el gestor reconstruye cada libro con su prioridad temporal original. Si alguna vez falla una escritura, el gestor deja de aceptar órdenes en lugar de adelantarse a lo guardado.

## Un libro para todos

El mismo libro sirve al terminal web, a las API REST y WebSocket compatibles con Binance, a los bots cuantitativos y al creador de mercado de la demo, que opera como cualquier usuario. En el benchmark del proyecto, solo el libro de emparejamiento atiende más de 8 millones de operaciones por segundo en dos núcleos de procesador. Cada ejecución es pública en la lista de operaciones y las velas del mercado, y puedes seguirlas en directo en [la página de mercados](/quotation).
`,
    },
    it: {
      title: "Come funziona l'abbinamento",
      summary: "Un order book per mercato, un gestore che applica i comandi nell'ordine di arrivo, priorità prezzo-tempo e una risposta solo quando l'ordine è scritto in modo sicuro.",
      markdown: md`
Ogni mercato spot ha un order book, e un unico gestore sequenziale vi applica ogni comando nell'ordine in cui i comandi sono arrivati.

## Priorità prezzo-tempo

Un acquisto viene abbinato alla vendita più bassa al suo prezzo o sotto; una vendita all'acquisto più alto al suo prezzo o sopra. Allo stesso prezzo, l'ordine arrivato per primo viene eseguito per primo. Uno scambio avviene sempre al prezzo dell'ordine che era nel book, quindi chi prende liquidità ottiene quel prezzo o uno migliore.

## Cosa controlla il motore

Prima che un ordine arrivi al book, il motore controlla il tick e la dimensione del lotto del mercato, la quantità e il valore minimi e massimi, che il mercato sia aperto e che i fondi ci siano: un acquisto trattiene la moneta di quotazione, una vendita la moneta base. Gli ordini a mercato sono limitati da una banda di prezzo attorno all'indice e non vengono mai eseguiti oltre. La prevenzione dell'auto-scambio, attiva per impostazione predefinita, impedisce ai tuoi ordini di essere eseguiti tra loro.

## Confermato significa durevole

Il gestore scrive ogni lotto di comandi in un'unica transazione del database e risponde solo dopo il commit. Un ordine che ti è stato detto accettato sopravvive a un crash, e dopo un riavvio il gestore ricostruisce ogni book con la sua priorità temporale originale. Se una scrittura dovesse fallire, il gestore smette di accettare comandi invece di andare avanti rispetto a ciò che è salvato.

## Un solo book per tutti

Lo stesso book serve il terminale web, le API REST e WebSocket compatibili con Binance, i bot quantitativi e il market maker della demo, che opera come qualsiasi utente. Nel benchmark del progetto il solo book di abbinamento gestisce oltre 8 milioni di operazioni al secondo su due core del processore. Ogni esecuzione è pubblica nell'elenco degli scambi e nelle candele del mercato, e puoi seguirle in diretta sulla [pagina dei mercati](/quotation).
`,
    },
    pt: {
      title: 'Como funciona o casamento de ordens',
      summary: 'Um livro de ordens por mercado, uma mesa que aplica os comandos na ordem de chegada, prioridade de preço e tempo e uma resposta só quando a ordem está gravada com segurança.',
      markdown: md`
Cada mercado spot tem um livro de ordens, e uma única mesa sequencial aplica cada comando a ele na ordem em que os comandos chegaram.

## Prioridade de preço e tempo

Uma compra é executada contra a venda mais barata no seu preço ou abaixo; uma venda, contra a compra mais alta no seu preço ou acima. No mesmo preço, a ordem que chegou primeiro é executada primeiro. Uma negociação sempre acontece no preço da ordem que estava no livro, então quem toma liquidez recebe esse preço ou um melhor.

## O que o motor confere

Antes de uma ordem chegar ao livro, o motor confere o tick e o tamanho de lote do mercado, a quantidade e o valor mínimos e máximos, se o mercado está aberto e se os fundos existem: uma compra retém a moeda de cotação, uma venda a moeda base. Ordens a mercado são limitadas por uma faixa de preço em torno do índice e nunca são executadas além dela. A prevenção de autonegociação, ativa por padrão, impede que suas próprias ordens sejam executadas entre si.

## Confirmado significa durável

A mesa grava cada lote de comandos em uma única transação de banco de dados e só responde depois de confirmá-la. Uma ordem que você soube ter sido aceita sobrevive a uma queda, e depois de um reinício a mesa reconstrói cada livro na sua prioridade de tempo original. Se uma gravação falhar, a mesa para de aceitar comandos em vez de passar à frente do que foi gravado.

## Um livro para todos

O mesmo livro atende o terminal web, as APIs REST e WebSocket compatíveis com a Binance, os bots quantitativos e o formador de mercado da demonstração, que negocia como qualquer usuário. No benchmark do projeto, só o livro de casamento processa mais de 8 milhões de operações por segundo em dois núcleos de processador. Cada execução é pública na lista de negociações e nos candles do mercado, e você pode acompanhá-las ao vivo na [página de mercados](/quotation).
`,
    },
  },
};

const RECOMPUTABLE: DemoArticle = {
  seedKey: 'information.recomputable',
  kind: 'information',
  ageDays: 9,
  texts: {
    en: {
      title: 'Why every settlement can be recomputed',
      summary: 'A public hash-chained price record, rules that leave nothing to choose, audited operator commands and open-source verifiers: results you can check instead of believe.',
      markdown: md`
Exchanges usually ask you to trust their numbers. OpenEx is built so that you can check them.

## One public record of prices

Every market's index is written about once a second into a hash-chained public record. Each entry carries the previous entry's hash, so the past cannot be edited without breaking every later hash. The record is the one price that seconds contracts settle on and that the perpetuals' marks, funding and liquidations start from.

## Rules that leave nothing to choose

- A seconds contract opens on the first entry after it was accepted and settles on the last entry at or before its delivery. No setting, table or operator command chooses an outcome.
- Perpetual marks are recorded, and every liquidation and funding payment can be recomputed from the mark it used, with Binance's published formulas.
- Operator commands that change balances or markets go through the same desks as users' orders, need a written reason and are kept in an audit log. There is no command to edit a position or to force a liquidation, and none that chooses a bot's trades.

## Tools anyone can run

The proof link on each settled contract and the command-line verifier recompute settlements from the public record; the daily proof of liabilities lets every user check that their balance is counted in the published totals, from [My assets](/myassets). The verifiers are open source, like the exchange itself, so you can read exactly what they check.

## What this does not prove

A recomputed settlement shows that the rules were followed, not that a trade was wise: trading still carries risk, and the [help centre](/helpCenter) says where.
`,
    },
    'zh-CN': {
      title: '为什么每一笔结算都可以重新计算',
      summary: '公开的哈希链价格记录、不留选择余地的规则、有审计的运营者命令和开源验证程序：结果可以核对，而不必轻信。',
      markdown: md`
交易所通常要求您相信它们的数字。OpenEx 的设计让您可以核对这些数字。

## 一份公开的价格记录

每个市场的指数大约每秒写入一次哈希链公开记录。每条记录都带着前一条的哈希，因此修改过去就会破坏之后的每一个哈希。秒合约以这份记录的价格结算，永续合约的标记价格、资金费用和强平也都从它出发。

## 不留选择余地的规则

- 秒合约在被接受后的第一条记录上开仓，在交割时刻或之前的最后一条记录上结算。没有任何设置、费率表或运营者命令能选择结果。
- 永续合约的标记价格都有记录，每一次强平和资金费用支付都可以按币安公开的公式，用当时的标记价格重新计算。
- 改变余额或市场的运营者命令与用户订单经过同样的交易台，必须写明原因，并记入审计日志。没有任何命令能修改仓位或强制强平，也没有命令能决定机器人的交易。

## 任何人都能运行的工具

每笔已结算合约上的证明链接和命令行验证程序，都从公开记录重新计算结算；每天的负债证明让每位用户都能在[我的资产](/myassets)中核实自己的余额已计入公布的总额。验证程序和交易所本身一样是开源的，您可以读到它们究竟检查了什么。

## 这不能证明什么

重新计算的结算证明规则得到了遵守，而不是证明某笔交易是明智的：交易依然有风险，[帮助中心](/helpCenter)说明了风险在哪里。
`,
    },
    'zh-TW': {
      title: '為什麼每一筆結算都可以重新計算',
      summary: '公開的雜湊鏈價格紀錄、不留選擇餘地的規則、有稽核的營運者指令和開源驗證程式：結果可以核對，而不必輕信。',
      markdown: md`
交易所通常要求您相信它們的數字。OpenEx 的設計讓您可以核對這些數字。

## 一份公開的價格紀錄

每個市場的指數大約每秒寫入一次雜湊鏈公開紀錄。每筆紀錄都帶著前一筆的雜湊，因此修改過去就會破壞之後的每一個雜湊。秒合約以這份紀錄的價格結算，永續合約的標記價格、資金費用和強平也都從它出發。

## 不留選擇餘地的規則

- 秒合約在被接受後的第一筆紀錄上開倉，在交割時刻或之前的最後一筆紀錄上結算。沒有任何設定、費率表或營運者指令能選擇結果。
- 永續合約的標記價格都有紀錄，每一次強平和資金費用支付都可以依幣安公開的公式，用當時的標記價格重新計算。
- 改變餘額或市場的營運者指令與使用者訂單經過同樣的交易台，必須寫明原因，並記入稽核日誌。沒有任何指令能修改倉位或強制強平，也沒有指令能決定機器人的交易。

## 任何人都能執行的工具

每筆已結算合約上的證明連結和命令列驗證程式，都從公開紀錄重新計算結算；每天的負債證明讓每位使用者都能在[我的資產](/myassets)中核實自己的餘額已計入公布的總額。驗證程式和交易所本身一樣是開源的，您可以讀到它們究竟檢查了什麼。

## 這不能證明什麼

重新計算的結算證明規則得到了遵守，而不是證明某筆交易是明智的：交易依然有風險，[幫助中心](/helpCenter)說明了風險在哪裡。
`,
    },
    ja: {
      title: 'なぜすべての決済を再計算できるのか',
      summary: '公開されたハッシュチェーンの価格記録、選択の余地を残さないルール、監査される運営者コマンド、オープンソースの検証ツール。信じるのではなく確かめられる結果です。',
      markdown: md`
取引所はたいてい、自分たちの数字を信じるよう求めます。OpenEx は、その数字をあなたが確かめられるように作られています。

## 公開された 1 つの価格記録

各市場の指数は約 1 秒ごとに、ハッシュチェーンでつながった公開記録に書き込まれます。各エントリーは直前のエントリーのハッシュを持つので、過去を書き換えればそれ以降のハッシュがすべて壊れます。この記録こそ、秒先物が決済に使い、無期限先物のマーク価格、資金調達、清算の出発点となる唯一の価格です。

## 選択の余地を残さないルール

- 秒先物は、受け付けられた後の最初のエントリーで始まり、受渡し時刻かそれ以前の最後のエントリーで決済されます。結果を選ぶ設定、表、運営者コマンドはありません。
- 無期限先物のマーク価格は記録されており、すべての清算と資金調達の支払いは、使われたマーク価格から Binance の公開した計算式で再計算できます。
- 残高や市場を変える運営者コマンドは、ユーザーの注文と同じデスクを通り、理由の記入が必要で、監査ログに残ります。ポジションを書き換えたり清算を強制したりするコマンドはなく、ボットの取引を決めるコマンドもありません。

## 誰でも実行できるツール

決済済みの各契約にある証明リンクとコマンドラインの検証ツールは、公開記録から決済を再計算します。毎日の負債証明によって、各ユーザーは[マイ資産](/myassets)から自分の残高が公開された合計に含まれていることを確認できます。検証ツールは取引所そのものと同じくオープンソースなので、何を確認しているかを正確に読めます。

## これが証明しないこと

再計算された決済が示すのはルールが守られたことであって、取引が賢明だったことではありません。取引には依然としてリスクがあり、それがどこにあるかは[ヘルプセンター](/helpCenter)に書かれています。
`,
    },
    th: {
      title: 'ทำไมการชำระทุกครั้งจึงคำนวณใหม่ได้',
      summary: 'บันทึกราคาสาธารณะที่เชื่อมด้วยแฮช กฎที่ไม่เหลือสิ่งให้เลือก คำสั่งของผู้ดูแลที่ถูกตรวจสอบ และเครื่องมือตรวจสอบโอเพนซอร์ส: ผลลัพธ์ที่คุณตรวจได้แทนที่จะต้องเชื่อ',
      markdown: md`
กระดานเทรดส่วนใหญ่ขอให้คุณเชื่อตัวเลขของพวกเขา OpenEx ถูกสร้างมาให้คุณตรวจสอบตัวเลขเหล่านั้นได้

## บันทึกราคาสาธารณะหนึ่งชุด

ดัชนีของทุกตลาดถูกเขียนลงในบันทึกสาธารณะที่เชื่อมด้วยแฮชประมาณวินาทีละครั้ง แต่ละรายการมีแฮชของรายการก่อนหน้า การแก้ไขอดีตจึงทำให้แฮชหลังจากนั้นเสียทั้งหมด บันทึกนี้คือราคาเดียวที่สัญญาวินาทีใช้ชำระ และเป็นจุดเริ่มต้นของราคามาร์ก การระดมทุน และการชำระบัญชีของสัญญาไม่มีวันหมดอายุ

## กฎที่ไม่เหลือสิ่งให้เลือก

- สัญญาวินาทีเปิดที่รายการแรกหลังถูกรับ และชำระที่รายการสุดท้าย ณ หรือก่อนเวลาส่งมอบ ไม่มีการตั้งค่า ตาราง หรือคำสั่งของผู้ดูแลใดเลือกผลลัพธ์ได้
- ราคามาร์กของสัญญาไม่มีวันหมดอายุถูกบันทึกไว้ และทุกการชำระบัญชีและการจ่ายค่าระดมทุนคำนวณใหม่ได้จากราคามาร์กที่ใช้ ด้วยสูตรที่ Binance เผยแพร่
- คำสั่งของผู้ดูแลที่เปลี่ยนยอดคงเหลือหรือตลาดผ่านเดสก์เดียวกับคำสั่งของผู้ใช้ ต้องเขียนเหตุผล และถูกเก็บในบันทึกการตรวจสอบ ไม่มีคำสั่งใดแก้ไขโพซิชันหรือบังคับชำระบัญชีได้ และไม่มีคำสั่งใดเลือกการเทรดของบอทได้

## เครื่องมือที่ใครก็รันได้

ลิงก์หลักฐานของแต่ละสัญญาที่ชำระแล้วและตัวตรวจสอบบนบรรทัดคำสั่งคำนวณการชำระใหม่จากบันทึกสาธารณะ หลักฐานหนี้สินรายวันให้ผู้ใช้ทุกคนตรวจได้ว่ายอดของตนถูกนับในยอดรวมที่เผยแพร่ จาก[สินทรัพย์ของฉัน](/myassets) ตัวตรวจสอบเป็นโอเพนซอร์สเช่นเดียวกับกระดานเทรด คุณจึงอ่านได้ว่าตรวจอะไรบ้าง

## สิ่งที่ไม่ได้พิสูจน์

การชำระที่คำนวณใหม่แสดงว่ากฎถูกปฏิบัติตาม ไม่ได้แสดงว่าการเทรดนั้นฉลาด: การเทรดยังมีความเสี่ยง และ[ศูนย์ช่วยเหลือ](/helpCenter)บอกว่าความเสี่ยงอยู่ที่ใด
`,
    },
    ko: {
      title: '모든 정산을 다시 계산할 수 있는 이유',
      summary: '공개 해시 체인 가격 기록, 고를 여지를 남기지 않는 규칙, 감사되는 운영자 명령, 오픈소스 검증기. 믿는 대신 확인할 수 있는 결과입니다.',
      markdown: md`
거래소는 보통 자신들의 숫자를 믿어 달라고 합니다. OpenEx는 당신이 그 숫자를 확인할 수 있도록 만들어졌습니다.

## 하나의 공개 가격 기록

모든 마켓의 지수는 약 1초마다 해시 체인으로 이어진 공개 기록에 쓰입니다. 각 항목이 직전 항목의 해시를 담고 있으므로, 과거를 고치면 그 뒤의 모든 해시가 깨집니다. 이 기록이 초 단위 선물이 정산에 쓰고, 무기한 선물의 마크 가격, 펀딩, 청산이 출발하는 단 하나의 가격입니다.

## 고를 여지를 남기지 않는 규칙

- 초 단위 선물은 접수된 뒤 첫 항목에서 시작하고, 만기 시각 또는 그 이전의 마지막 항목에서 정산됩니다. 어떤 설정, 표, 운영자 명령도 결과를 고르지 않습니다.
- 무기한 선물의 마크 가격은 기록되며, 모든 청산과 펀딩 지급은 사용된 마크 가격으로부터 Binance가 공개한 공식으로 다시 계산할 수 있습니다.
- 잔액이나 마켓을 바꾸는 운영자 명령은 사용자 주문과 같은 데스크를 거치고, 사유를 적어야 하며, 감사 로그에 남습니다. 포지션을 고치거나 청산을 강제하는 명령은 없고, 봇의 거래를 고르는 명령도 없습니다.

## 누구나 실행할 수 있는 도구

정산된 각 계약의 증명 링크와 명령줄 검증기는 공개 기록에서 정산을 다시 계산합니다. 매일의 부채 증명으로 모든 사용자는 [내 자산](/myassets)에서 자신의 잔액이 공개된 합계에 포함되었는지 확인할 수 있습니다. 검증기는 거래소 자체와 마찬가지로 오픈소스이므로, 무엇을 확인하는지 정확히 읽어 볼 수 있습니다.

## 이것이 증명하지 않는 것

다시 계산한 정산이 보여 주는 것은 규칙이 지켜졌다는 사실이지, 거래가 현명했다는 것이 아닙니다. 거래에는 여전히 위험이 있으며, 그 위험이 어디 있는지는 [고객센터](/helpCenter)에서 설명합니다.
`,
    },
    es: {
      title: 'Por qué cada liquidación puede recalcularse',
      summary: 'Un registro público de precios encadenado por hashes, reglas que no dejan nada por elegir, comandos del operador auditados y verificadores de código abierto: resultados que compruebas en vez de creer.',
      markdown: md`
Los exchanges suelen pedirte que confíes en sus números. OpenEx está hecho para que puedas comprobarlos.

## Un registro público de precios

El índice de cada mercado se escribe aproximadamente una vez por segundo en un registro público encadenado por hashes. Cada entrada lleva el hash de la anterior, así que el pasado no puede editarse sin romper todos los hashes posteriores. El registro es el único precio con el que se liquidan los contratos por segundos y del que parten los precios de marca, la financiación y las liquidaciones de los perpetuos.

## Reglas que no dejan nada por elegir

- Un contrato por segundos se abre en la primera entrada tras ser aceptado y se liquida en la última entrada en o antes de su entrega. Ningún ajuste, tabla ni comando del operador elige un resultado.
- Los precios de marca de los perpetuos se registran, y cada liquidación y pago de financiación puede recalcularse a partir de la marca que usó, con las fórmulas publicadas por Binance.
- Los comandos del operador que cambian saldos o mercados pasan por los mismos gestores que las órdenes de los usuarios, necesitan un motivo escrito y se guardan en un registro de auditoría. No hay ningún comando para editar una posición ni para forzar una liquidación, ni ninguno que elija las operaciones de un bot.

## Herramientas que cualquiera puede ejecutar

El enlace de prueba de cada contrato liquidado y el verificador de línea de comandos recalculan las liquidaciones a partir del registro público; la prueba de pasivos diaria permite a cada usuario comprobar, desde [Mis activos](/myassets), que su saldo está contado en los totales publicados. Los verificadores son de código abierto, como el propio exchange, así que puedes leer exactamente qué comprueban.

## Lo que esto no prueba

Una liquidación recalculada muestra que se siguieron las reglas, no que una operación fuera acertada: operar sigue teniendo riesgo, y el [centro de ayuda](/helpCenter) dice dónde.
`,
    },
    it: {
      title: 'Perché ogni regolamento può essere ricalcolato',
      summary: "Un registro pubblico dei prezzi concatenato da hash, regole che non lasciano nulla da scegliere, comandi dell'operatore verificati e verificatori open source: risultati da controllare, non da credere.",
      markdown: md`
Gli exchange di solito ti chiedono di fidarti dei loro numeri. OpenEx è costruito perché tu possa controllarli.

## Un registro pubblico dei prezzi

L'indice di ogni mercato viene scritto circa una volta al secondo in un registro pubblico concatenato da hash. Ogni voce porta l'hash della precedente, quindi il passato non può essere modificato senza rompere tutti gli hash successivi. Il registro è l'unico prezzo su cui si regolano i contratti a secondi e da cui partono i prezzi mark, il funding e le liquidazioni dei perpetui.

## Regole che non lasciano nulla da scegliere

- Un contratto a secondi si apre sulla prima voce dopo essere stato accettato e si regola sull'ultima voce alla consegna o prima. Nessuna impostazione, tabella o comando dell'operatore sceglie un esito.
- I prezzi mark dei perpetui sono registrati, e ogni liquidazione e pagamento di funding può essere ricalcolato dal mark che ha usato, con le formule pubblicate da Binance.
- I comandi dell'operatore che cambiano saldi o mercati passano per gli stessi gestori degli ordini degli utenti, richiedono un motivo scritto e finiscono in un registro di audit. Non esiste alcun comando per modificare una posizione o forzare una liquidazione, né uno che scelga gli scambi di un bot.

## Strumenti che chiunque può eseguire

Il link di prova di ogni contratto regolato e il verificatore da riga di comando ricalcolano i regolamenti dal registro pubblico; la prova delle passività giornaliera permette a ogni utente di verificare, da [I miei asset](/myassets), che il proprio saldo sia contato nei totali pubblicati. I verificatori sono open source, come l'exchange stesso, quindi puoi leggere esattamente cosa controllano.

## Cosa questo non dimostra

Un regolamento ricalcolato mostra che le regole sono state seguite, non che uno scambio fosse saggio: il trading resta rischioso, e il [centro assistenza](/helpCenter) spiega dove.
`,
    },
    pt: {
      title: 'Por que cada liquidação pode ser recalculada',
      summary: 'Um registro público de preços encadeado por hashes, regras sem nada a escolher, comandos do operador auditados e verificadores abertos: resultados que você confere em vez de acreditar.',
      markdown: md`
As exchanges costumam pedir que você confie nos números delas. A OpenEx foi feita para que você possa conferi-los.

## Um registro público de preços

O índice de cada mercado é gravado cerca de uma vez por segundo em um registro público encadeado por hashes. Cada entrada carrega o hash da anterior, então o passado não pode ser editado sem quebrar todos os hashes seguintes. O registro é o único preço pelo qual os contratos por segundos são liquidados e do qual partem os preços de marcação, o financiamento e as liquidações dos perpétuos.

## Regras que não deixam nada a escolher

- Um contrato por segundos abre na primeira entrada após ser aceito e é liquidado na última entrada no momento da entrega ou antes. Nenhuma configuração, tabela ou comando do operador escolhe um resultado.
- Os preços de marcação dos perpétuos são registrados, e cada liquidação e pagamento de financiamento pode ser recalculado a partir da marcação usada, com as fórmulas publicadas pela Binance.
- Os comandos do operador que mudam saldos ou mercados passam pelas mesmas mesas que as ordens dos usuários, exigem um motivo por escrito e ficam em um registro de auditoria. Não existe comando para alterar uma posição nem para forçar uma liquidação, nem um que escolha as negociações de um bot.

## Ferramentas que qualquer pessoa pode rodar

O link de prova de cada contrato liquidado e o verificador de linha de comando recalculam as liquidações a partir do registro público; a prova de passivos diária permite a cada usuário conferir, em [Meus ativos](/myassets), que seu saldo está contado nos totais publicados. Os verificadores são de código aberto, como a própria exchange, então você pode ler exatamente o que eles conferem.

## O que isso não prova

Uma liquidação recalculada mostra que as regras foram seguidas, não que uma negociação foi sensata: negociar continua tendo risco, e a [central de ajuda](/helpCenter) diz onde.
`,
    },
  },
};

const MONEY: DemoArticle = {
  seedKey: 'information.exact-money',
  kind: 'information',
  ageDays: 3,
  texts: {
    en: {
      title: 'Exact integer money and a ledger that sums to zero',
      summary: 'Why OpenEx keeps every amount as an integer of the smallest unit, how double entry keeps every coin summing to zero, and how both are checked.',
      markdown: md`
Floating-point numbers cannot represent 0.1 exactly, and an exchange that adds them up loses or invents fractions of a coin. OpenEx never uses them for money.

## Integers of the smallest unit

Every amount is a whole number of minor units, 0.00000001 of a coin, held as a big integer in the ledger and as a 64-bit integer in the database. Prices sit on each market's tick and quantities on its lot size. Where a division cannot be exact, the rounding is stated: fees round up by less than one unit, a position's unrealized result rounds toward the loss, and a wealth product's payments are split so that they add up to its promised total to the last unit.

## Double entry

Every change of a balance is a journal entry whose lines sum to zero in each coin: a trade moves coins between buyer and seller and the fee to the exchange's fee income; a transfer leaves one account and enters another. Each user has five accounts (coin, contract, seconds, wealth and fiat), each with an available and a frozen part, and the exchange has its own system accounts: fee income, the insurance fund, and the treasury that pays wealth and mining income.

## Checked, not assumed

The operator's ledger check recomputes every balance from the journal and confirms that every entry balances, that the numbering has no gaps and that every coin sums to zero. Property tests run the same checks after random orders, marks, funding and liquidations. Because balances are exact, the daily proof of liabilities can state every user's holdings to the last unit, and you can check yours from [My assets](/myassets).
`,
    },
    'zh-CN': {
      title: '精确的整数金额和总和为零的账本',
      summary: '为什么 OpenEx 把每个金额都存为最小单位的整数，复式记账如何让每种币的总和为零，以及二者如何被检查。',
      markdown: md`
浮点数无法精确表示 0.1，用它们累加的交易所会丢失或凭空多出几分之一个币。OpenEx 从不用浮点数表示金额。

## 以最小单位计的整数

每个金额都是整数个最小单位，即一个币的 0.00000001，在账本中以大整数保存，在数据库中以 64 位整数保存。价格落在每个市场的价格步长上，数量落在其数量单位上。无法整除时，舍入方式是明确规定的：手续费向上取整，差额小于一个单位；仓位的未实现盈亏朝亏损方向取整；理财产品的各期付款经过拆分，加起来正好等于承诺的总额，精确到最后一个单位。

## 复式记账

每一次余额变动都是一条分录，其各行在每个币种上相加为零：一笔成交在买卖双方之间转移币，并把手续费转入交易所的手续费收入；一笔划转从一个账户转出、转入另一个账户。每位用户有五个账户（币币、合约、秒合约、理财和法币），每个账户都有可用和冻结两部分；交易所有自己的系统账户：手续费收入、保险基金，以及支付理财和矿池收益的资金池。

## 检查而非假设

运营者的账本检查会根据日记账重新计算每一个余额，并确认每条分录平衡、编号没有间断、每种币总和为零。属性测试在随机的订单、标记价格、资金费用和强平之后运行同样的检查。由于余额是精确的，每天的负债证明可以精确到最后一个单位地说明每位用户的持有量，您可以在[我的资产](/myassets)中核对自己的。
`,
    },
    'zh-TW': {
      title: '精確的整數金額和總和為零的帳本',
      summary: '為什麼 OpenEx 把每個金額都存為最小單位的整數，複式記帳如何讓每種幣的總和為零，以及兩者如何被檢查。',
      markdown: md`
浮點數無法精確表示 0.1，用它們累加的交易所會遺失或憑空多出幾分之一個幣。OpenEx 從不用浮點數表示金額。

## 以最小單位計的整數

每個金額都是整數個最小單位，即一個幣的 0.00000001，在帳本中以大整數保存，在資料庫中以 64 位元整數保存。價格落在每個市場的價格跳動單位上，數量落在其數量單位上。無法整除時，捨入方式是明確規定的：手續費無條件進位，差額小於一個單位；倉位的未實現損益朝虧損方向取整；理財產品的各期付款經過拆分，加起來正好等於承諾的總額，精確到最後一個單位。

## 複式記帳

每一次餘額變動都是一筆分錄，其各行在每個幣種上相加為零：一筆成交在買賣雙方之間轉移幣，並把手續費轉入交易所的手續費收入；一筆劃轉從一個帳戶轉出、轉入另一個帳戶。每位使用者有五個帳戶（幣幣、合約、秒合約、理財和法幣），每個帳戶都有可用和凍結兩部分；交易所有自己的系統帳戶：手續費收入、保險基金，以及支付理財和礦池收益的資金池。

## 檢查而非假設

營運者的帳本檢查會根據日記帳重新計算每一個餘額，並確認每筆分錄平衡、編號沒有間斷、每種幣總和為零。屬性測試在隨機的訂單、標記價格、資金費用和強平之後執行同樣的檢查。由於餘額是精確的，每天的負債證明可以精確到最後一個單位地說明每位使用者的持有量，您可以在[我的資產](/myassets)中核對自己的。
`,
    },
    ja: {
      title: '正確な整数の金額と、合計がゼロになる台帳',
      summary: 'OpenEx がすべての金額を最小単位の整数で持つ理由、複式簿記で各コインの合計がゼロになる仕組み、そしてその両方の確認方法。',
      markdown: md`
浮動小数点数は 0.1 を正確に表せず、それで足し算をする取引所はコインの端数を失ったり作り出したりします。OpenEx は金額に浮動小数点数を使いません。

## 最小単位の整数

すべての金額は最小単位（コインの 0.00000001）の整数で、台帳では多倍長整数、データベースでは 64 ビット整数として保持されます。価格は各市場のティックに、数量はロットサイズに乗ります。割り切れない割り算では、丸め方が決まっています。手数料は 1 単位未満の差で切り上げ、ポジションの含み損益は損失の側に丸め、資産運用商品の支払いは、合計が約束した総額に最後の 1 単位まで一致するように分けられます。

## 複式簿記

残高の変化はすべて仕訳であり、その各行はコインごとに合計がゼロになります。約定は買い手と売り手の間でコインを動かし、手数料を取引所の手数料収入に移します。振替は 1 つの口座から出て別の口座に入ります。各ユーザーは 5 つの口座（現物、先物、秒先物、資産運用、法定通貨）を持ち、それぞれに利用可能分と凍結分があります。取引所には独自のシステム口座があります。手数料収入、保険基金、そして資産運用とマイニングの収益を支払う資金口座です。

## 仮定せず確認する

運営者の台帳チェックは、仕訳帳からすべての残高を再計算し、各仕訳が釣り合っていること、番号に欠番がないこと、各コインの合計がゼロであることを確かめます。プロパティテストは、ランダムな注文、マーク価格、資金調達、清算の後に同じ確認を行います。残高が正確なので、毎日の負債証明は各ユーザーの保有額を最後の 1 単位まで示すことができ、あなたは[マイ資産](/myassets)から自分の分を確認できます。
`,
    },
    th: {
      title: 'เงินเป็นจำนวนเต็มที่แม่นยำ และบัญชีแยกประเภทที่รวมกันได้ศูนย์',
      summary: 'ทำไม OpenEx เก็บทุกจำนวนเป็นจำนวนเต็มของหน่วยที่เล็กที่สุด ระบบบัญชีคู่ทำให้ทุกเหรียญรวมกันได้ศูนย์อย่างไร และทั้งสองอย่างถูกตรวจสอบอย่างไร',
      markdown: md`
เลขทศนิยมแบบจุดลอยตัวแทนค่า 0.1 ได้ไม่ตรง และกระดานเทรดที่บวกเลขแบบนี้จะทำเศษเหรียญหายหรืองอกขึ้นมาเอง OpenEx ไม่เคยใช้เลขแบบนี้กับเงิน

## จำนวนเต็มของหน่วยที่เล็กที่สุด

ทุกจำนวนเงินเป็นจำนวนเต็มของหน่วยย่อย คือ 0.00000001 ของเหรียญ เก็บเป็นจำนวนเต็มขนาดใหญ่ในบัญชีแยกประเภท และเป็นจำนวนเต็ม 64 บิตในฐานข้อมูล ราคาอยู่บนขนาดช่วงราคาของแต่ละตลาด และจำนวนอยู่บนขนาดล็อต เมื่อการหารไม่ลงตัว วิธีปัดถูกระบุไว้ชัด: ค่าธรรมเนียมปัดขึ้นน้อยกว่าหนึ่งหน่วย ผลที่ยังไม่เกิดขึ้นจริงของโพซิชันปัดไปทางขาดทุน และการจ่ายของผลิตภัณฑ์การลงทุนถูกแบ่งให้รวมกันได้เท่ากับยอดที่สัญญาไว้จนถึงหน่วยสุดท้าย

## ระบบบัญชีคู่

ทุกการเปลี่ยนแปลงของยอดคงเหลือคือรายการบันทึกที่บรรทัดต่าง ๆ รวมกันได้ศูนย์ในแต่ละเหรียญ: การซื้อขายย้ายเหรียญระหว่างผู้ซื้อกับผู้ขาย และย้ายค่าธรรมเนียมไปยังรายได้ค่าธรรมเนียมของกระดานเทรด การโอนออกจากบัญชีหนึ่งแล้วเข้าอีกบัญชีหนึ่ง ผู้ใช้แต่ละคนมีห้าบัญชี (เหรียญ สัญญา สัญญาวินาที การลงทุน และเฟียต) แต่ละบัญชีมีส่วนที่ใช้ได้และส่วนที่ถูกตรึง และกระดานเทรดมีบัญชีระบบของตัวเอง: รายได้ค่าธรรมเนียม กองทุนประกัน และคลังที่จ่ายผลตอบแทนการลงทุนและการขุด

## ตรวจสอบ ไม่ใช่สันนิษฐาน

การตรวจบัญชีของผู้ดูแลคำนวณยอดคงเหลือทุกยอดใหม่จากสมุดรายวัน และยืนยันว่าทุกรายการสมดุล หมายเลขไม่มีช่องว่าง และทุกเหรียญรวมกันได้ศูนย์ การทดสอบเชิงคุณสมบัติรันการตรวจแบบเดียวกันหลังคำสั่ง ราคามาร์ก การระดมทุน และการชำระบัญชีแบบสุ่ม เพราะยอดคงเหลือแม่นยำ หลักฐานหนี้สินรายวันจึงระบุสิ่งที่ผู้ใช้แต่ละคนถือได้ถึงหน่วยสุดท้าย และคุณตรวจของคุณได้จาก[สินทรัพย์ของฉัน](/myassets)
`,
    },
    ko: {
      title: '정확한 정수 금액과 합이 0이 되는 원장',
      summary: 'OpenEx가 모든 금액을 최소 단위의 정수로 다루는 이유, 복식부기로 모든 코인의 합이 0이 되는 방식, 그리고 둘을 확인하는 방법.',
      markdown: md`
부동소수점 수는 0.1을 정확히 나타내지 못하며, 그것으로 더하기를 하는 거래소는 코인의 부스러기를 잃거나 만들어 냅니다. OpenEx는 돈에 부동소수점을 절대 쓰지 않습니다.

## 최소 단위의 정수

모든 금액은 코인의 0.00000001인 최소 단위의 정수이며, 원장에서는 큰 정수로, 데이터베이스에서는 64비트 정수로 저장됩니다. 가격은 각 마켓의 틱 위에, 수량은 로트 크기 위에 놓입니다. 나눗셈이 딱 떨어지지 않을 때의 반올림 방식은 정해져 있습니다. 수수료는 1단위 미만만큼 올림하고, 포지션의 미실현 손익은 손실 쪽으로 반올림하며, 자산 운용 상품의 지급액은 합계가 약속한 총액과 마지막 단위까지 같아지도록 나눕니다.

## 복식부기

모든 잔액 변화는 분개이며, 그 행들은 코인마다 합이 0입니다. 체결은 매수자와 매도자 사이에서 코인을 옮기고 수수료를 거래소의 수수료 수입으로 옮기며, 이체는 한 계정에서 나가 다른 계정으로 들어갑니다. 각 사용자는 다섯 계정(현물, 선물, 초 단위 선물, 자산 운용, 법정화폐)을 가지며, 각 계정에는 사용 가능분과 동결분이 있습니다. 거래소에는 자체 시스템 계정이 있습니다. 수수료 수입, 보험 기금, 그리고 자산 운용과 마이닝 수익을 지급하는 자금 계정입니다.

## 가정하지 않고 확인한다

운영자의 원장 점검은 분개장에서 모든 잔액을 다시 계산하고, 모든 분개가 맞아떨어지는지, 번호에 빠짐이 없는지, 모든 코인의 합이 0인지 확인합니다. 속성 테스트는 무작위 주문, 마크 가격, 펀딩, 청산 뒤에 같은 점검을 실행합니다. 잔액이 정확하므로 매일의 부채 증명은 각 사용자의 보유량을 마지막 단위까지 밝힐 수 있으며, [내 자산](/myassets)에서 자신의 것을 확인할 수 있습니다.
`,
    },
    es: {
      title: 'Dinero entero exacto y un libro contable que suma cero',
      summary: 'Por qué OpenEx guarda cada importe como un entero de la unidad mínima, cómo la partida doble hace que cada moneda sume cero y cómo se comprueban ambas cosas.',
      markdown: md`
Los números de coma flotante no pueden representar 0,1 con exactitud, y un exchange que los suma pierde o inventa fracciones de moneda. OpenEx nunca los usa para el dinero.

## Enteros de la unidad mínima

Cada importe es un número entero de unidades mínimas, 0,00000001 de una moneda, guardado como entero grande en el libro contable y como entero de 64 bits en la base de datos. Los precios van sobre el tick de cada mercado y las cantidades sobre su tamaño de lote. Donde una división no puede ser exacta, el redondeo está fijado: las comisiones se redondean hacia arriba en menos de una unidad, el resultado no realizado de una posición se redondea hacia la pérdida, y los pagos de un producto de inversión se reparten de modo que sumen su total prometido hasta la última unidad.

## Partida doble

Cada cambio de un saldo es un asiento cuyas líneas suman cero en cada moneda: una operación mueve monedas entre comprador y vendedor y la comisión a los ingresos por comisiones del exchange; una transferencia sale de una cuenta y entra en otra. Cada usuario tiene cinco cuentas (spot, contratos, por segundos, inversión y fiat), cada una con una parte disponible y otra congelada, y el exchange tiene sus propias cuentas de sistema: ingresos por comisiones, el fondo de seguro y la tesorería que paga los rendimientos de inversión y minería.

## Comprobado, no supuesto

La comprobación del libro contable del operador recalcula cada saldo a partir del diario y confirma que cada asiento cuadra, que la numeración no tiene huecos y que cada moneda suma cero. Las pruebas de propiedades ejecutan las mismas comprobaciones tras órdenes, marcas, financiaciones y liquidaciones aleatorias. Como los saldos son exactos, la prueba de pasivos diaria puede declarar lo que tiene cada usuario hasta la última unidad, y puedes comprobar lo tuyo desde [Mis activos](/myassets).
`,
    },
    it: {
      title: 'Denaro intero esatto e un registro che somma a zero',
      summary: "Perché OpenEx tiene ogni importo come intero dell'unità minima, come la partita doppia fa sommare a zero ogni moneta e come entrambe le cose vengono verificate.",
      markdown: md`
I numeri in virgola mobile non possono rappresentare 0,1 in modo esatto, e un exchange che li somma perde o inventa frazioni di moneta. OpenEx non li usa mai per il denaro.

## Interi dell'unità minima

Ogni importo è un numero intero di unità minime, 0,00000001 di una moneta, tenuto come intero grande nel registro e come intero a 64 bit nel database. I prezzi stanno sul tick di ogni mercato e le quantità sulla sua dimensione del lotto. Dove una divisione non può essere esatta, l'arrotondamento è dichiarato: le commissioni sono arrotondate per eccesso di meno di un'unità, il risultato non realizzato di una posizione è arrotondato verso la perdita, e i pagamenti di un prodotto di rendimento sono ripartiti in modo da sommare al totale promesso fino all'ultima unità.

## Partita doppia

Ogni variazione di un saldo è una scrittura le cui righe sommano a zero in ogni moneta: uno scambio sposta monete tra acquirente e venditore e la commissione ai ricavi da commissioni dell'exchange; un trasferimento esce da un conto ed entra in un altro. Ogni utente ha cinque conti (spot, contratti, a secondi, rendimenti e fiat), ciascuno con una parte disponibile e una congelata, e l'exchange ha i propri conti di sistema: ricavi da commissioni, il fondo assicurativo e la tesoreria che paga i rendimenti e i proventi del mining.

## Verificato, non presunto

Il controllo del registro dell'operatore ricalcola ogni saldo dal giornale e conferma che ogni scrittura quadra, che la numerazione non ha buchi e che ogni moneta somma a zero. I test di proprietà eseguono gli stessi controlli dopo ordini, mark, funding e liquidazioni casuali. Poiché i saldi sono esatti, la prova delle passività giornaliera può dichiarare ciò che ogni utente possiede fino all'ultima unità, e puoi controllare il tuo da [I miei asset](/myassets).
`,
    },
    pt: {
      title: 'Dinheiro inteiro exato e um livro contábil que soma zero',
      summary: 'Por que a OpenEx guarda cada valor como um inteiro da menor unidade, como as partidas dobradas fazem cada moeda somar zero e como as duas coisas são conferidas.',
      markdown: md`
Números de ponto flutuante não conseguem representar 0,1 exatamente, e uma exchange que os soma perde ou inventa frações de moeda. A OpenEx nunca os usa para dinheiro.

## Inteiros da menor unidade

Cada valor é um número inteiro de unidades mínimas, 0,00000001 de uma moeda, guardado como inteiro grande no livro contábil e como inteiro de 64 bits no banco de dados. Os preços ficam no tick de cada mercado e as quantidades no tamanho de lote. Onde uma divisão não pode ser exata, o arredondamento é declarado: as taxas são arredondadas para cima em menos de uma unidade, o resultado não realizado de uma posição é arredondado para o lado da perda, e os pagamentos de um produto de investimento são repartidos para somar o total prometido até a última unidade.

## Partidas dobradas

Cada mudança de saldo é um lançamento cujas linhas somam zero em cada moeda: uma negociação move moedas entre comprador e vendedor e a taxa para a receita de taxas da exchange; uma transferência sai de uma conta e entra em outra. Cada usuário tem cinco contas (spot, contratos, por segundos, investimentos e fiduciária), cada uma com uma parte disponível e outra congelada, e a exchange tem suas próprias contas de sistema: receita de taxas, o fundo de seguro e a tesouraria que paga os rendimentos de investimento e mineração.

## Conferido, não presumido

A verificação do livro contábil do operador recalcula cada saldo a partir do diário e confirma que cada lançamento fecha, que a numeração não tem lacunas e que cada moeda soma zero. Testes de propriedades rodam as mesmas verificações após ordens, marcações, financiamentos e liquidações aleatórios. Como os saldos são exatos, a prova de passivos diária pode declarar o que cada usuário tem até a última unidade, e você pode conferir o seu em [Meus ativos](/myassets).
`,
    },
  },
};

export const INFORMATION: readonly DemoArticle[] = [MATCHING, RECOMPUTABLE, MONEY];
