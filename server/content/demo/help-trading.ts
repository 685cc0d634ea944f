// Help, trading: spot orders (limit, market, conditional and OCO), fees and fee levels.

import { md, type DemoArticle } from './types.ts';

const ORDERS: DemoArticle = {
  seedKey: 'help.trading.spot-orders',
  kind: 'help',
  category: 'trading',
  ageDays: 18,
  texts: {
    en: {
      title: 'Spot orders: limit, market and conditional',
      summary: 'How limit, market, stop and OCO orders work on the spot terminal, how they are matched, and where to find and cancel your orders.',
      markdown: md`
Spot trading happens on [the trading terminal](/currencyTransaction). Choose a market, a side (buy or sell) and an order type.

## Limit orders

A limit order trades at your price or better. What does not trade at once rests on the order book in **price-time priority**: better prices first and, at one price, earlier orders first. An order from the web form stays until it fills or you cancel it; through the Binance-compatible API you can also send IOC (fill what you can now), FOK (all or nothing) and post-only orders.

## Market orders

A market order trades at once against the book: a buy spends a total in the quote coin, a sell sells an amount of the base coin. It never trades beyond a price band around the index price; what cannot fill within the band is cancelled.

## Conditional orders

- **Stop-limit** and **stop-market**: wait until the last trade price reaches your trigger, then place a limit or a market order. A trailing delta (0.1 % to 20 %) makes the trigger follow the price.
- **OCO** (one cancels the other): a limit order and a stop order together, one above and one below the last price. When one trades, fires or is cancelled, the other is cancelled.

A conditional order's funds are held from the moment you place it.

## Your orders

Open orders and the order history are in the terminal's account panel and on [the orders page](/commin?active=1). You can cancel one order or all of them. By default your own orders do not trade against each other, and every fill pays the fee described in [the fee rates](/rateStandard).
`,
    },
    'zh-CN': {
      title: '现货订单：限价、市价和条件单',
      summary: '现货终端上限价单、市价单、止损单和 OCO 订单如何运作，它们如何撮合，以及在哪里查看和撤销您的订单。',
      markdown: md`
现货交易在[交易终端](/currencyTransaction)进行。选择市场、方向（买入或卖出）和订单类型。

## 限价单

限价单以您的价格或更优价格成交。不能立即成交的部分按**价格时间优先**挂在订单簿上：价格更优的先成交，同一价格下先来的订单先成交。网页表单下的订单会一直挂着，直到成交或您撤销；通过兼容币安的 API，您还可以发送 IOC（能成交多少就成交多少）、FOK（全部成交或全部取消）和只做挂单的订单。

## 市价单

市价单立即与订单簿成交：买入时花费一定金额的计价币，卖出时卖出一定数量的基础币。它绝不会在指数价格附近的价格区间之外成交；在区间内无法成交的部分会被撤销。

## 条件单

- **止损限价**和**止损市价**：等最新成交价达到您的触发价，再下一笔限价单或市价单。跟踪幅度（0.1% 到 20%）会让触发价跟随价格移动。
- **OCO**（二选一订单）：一笔限价单和一笔止损单同时下达，一个在最新价格之上，一个在之下。其中一个成交、触发或被撤销时，另一个会被撤销。

条件单的资金从下单那一刻起就被冻结。

## 您的订单

当前委托和历史订单在终端的账户面板和[订单页面](/commin?active=1)中。您可以撤销一笔或全部订单。默认情况下，您自己的订单之间不会互相成交，每笔成交都按[费率标准](/rateStandard)支付手续费。
`,
    },
    'zh-TW': {
      title: '現貨訂單：限價、市價和條件單',
      summary: '現貨終端上限價單、市價單、停損單和 OCO 訂單如何運作，它們如何撮合，以及在哪裡查看和取消您的訂單。',
      markdown: md`
現貨交易在[交易終端](/currencyTransaction)進行。選擇市場、方向（買入或賣出）和訂單類型。

## 限價單

限價單以您的價格或更優價格成交。不能立即成交的部分依**價格時間優先**掛在訂單簿上：價格更優的先成交，同一價格下先來的訂單先成交。網頁表單下的訂單會一直掛著，直到成交或您取消；透過相容幣安的 API，您還可以傳送 IOC（能成交多少就成交多少）、FOK（全部成交或全部取消）和只做掛單的訂單。

## 市價單

市價單立即與訂單簿成交：買入時花費一定金額的計價幣，賣出時賣出一定數量的基礎幣。它絕不會在指數價格附近的價格區間之外成交；在區間內無法成交的部分會被取消。

## 條件單

- **停損限價**和**停損市價**：等最新成交價達到您的觸發價，再下一筆限價單或市價單。追蹤幅度（0.1% 到 20%）會讓觸發價跟隨價格移動。
- **OCO**（二擇一訂單）：一筆限價單和一筆停損單同時下達，一個在最新價格之上，一個在之下。其中一個成交、觸發或被取消時，另一個會被取消。

條件單的資金從下單那一刻起就被凍結。

## 您的訂單

目前委託和歷史訂單在終端的帳戶面板和[訂單頁面](/commin?active=1)中。您可以取消一筆或全部訂單。預設情況下，您自己的訂單之間不會互相成交，每筆成交都依[費率標準](/rateStandard)支付手續費。
`,
    },
    ja: {
      title: '現物注文：指値・成行・条件付き',
      summary: '現物ターミナルでの指値、成行、ストップ、OCO 注文の仕組み、約定のしかた、注文の確認と取消の場所を説明します。',
      markdown: md`
現物取引は[取引ターミナル](/currencyTransaction)で行います。市場、売買の方向、注文の種類を選びます。

## 指値注文

指値注文はあなたの価格か、それより有利な価格で約定します。すぐに約定しなかった分は**価格・時間優先**でオーダーブックに並びます。有利な価格が先、同じ価格なら先に出した注文が先です。ウェブのフォームから出した注文は、約定するか取り消すまで残ります。Binance 互換 API からは、IOC（今約定できる分だけ）、FOK（全部か何もしないか）、ポストオンリーの注文も出せます。

## 成行注文

成行注文はすぐにオーダーブックと約定します。買いは決済通貨の金額を使い、売りは基軸通貨の数量を売ります。指数価格を中心とした価格帯を超えて約定することはなく、帯の中で約定できない分は取り消されます。

## 条件付き注文

- **ストップ指値**と**ストップ成行**：最終約定価格がトリガーに達するまで待ち、指値または成行の注文を出します。トレーリング幅（0.1%〜20%）を指定すると、トリガーが価格に追随します。
- **OCO**（片方が成立すると他方が取り消される注文）：指値注文とストップ注文を同時に出し、一方は最終価格の上、もう一方は下に置きます。一方が約定、発動、取消になると、もう一方は取り消されます。

条件付き注文の資金は、出した瞬間から拘束されます。

## あなたの注文

未約定の注文と注文履歴は、ターミナルの口座パネルと[注文ページ](/commin?active=1)にあります。1 件ずつでも全部まとめてでも取り消せます。既定では、あなた自身の注文同士は約定せず、約定ごとに[手数料率](/rateStandard)に示した手数料がかかります。
`,
    },
    th: {
      title: 'คำสั่งสปอต: ลิมิต มาร์เก็ต และแบบมีเงื่อนไข',
      summary: 'คำสั่งลิมิต มาร์เก็ต สต็อป และ OCO ทำงานอย่างไรบนเทอร์มินัลสปอต จับคู่อย่างไร และดูหรือยกเลิกคำสั่งได้ที่ไหน',
      markdown: md`
การเทรดสปอตทำบน[เทอร์มินัลเทรด](/currencyTransaction) เลือกตลาด ฝั่ง (ซื้อหรือขาย) และประเภทคำสั่ง

## คำสั่งลิมิต

คำสั่งลิมิตซื้อขายที่ราคาของคุณหรือดีกว่า ส่วนที่ไม่ได้จับคู่ทันทีจะรออยู่ในสมุดคำสั่งตาม **ลำดับความสำคัญด้านราคาและเวลา**: ราคาที่ดีกว่าก่อน และที่ราคาเดียวกัน คำสั่งที่มาก่อนได้ก่อน คำสั่งจากแบบฟอร์มบนเว็บจะอยู่จนกว่าจะจับคู่ครบหรือคุณยกเลิก ผ่าน API ที่เข้ากันได้กับ Binance คุณยังส่งคำสั่ง IOC (จับคู่เท่าที่ได้ตอนนี้) FOK (ทั้งหมดหรือไม่เลย) และคำสั่งโพสต์อย่างเดียวได้ด้วย

## คำสั่งมาร์เก็ต

คำสั่งมาร์เก็ตจับคู่กับสมุดคำสั่งทันที: การซื้อใช้ยอดเงินเป็นเหรียญอ้างอิง การขายขายจำนวนของเหรียญหลัก คำสั่งไม่มีวันจับคู่เกินช่วงราคารอบราคาดัชนี ส่วนที่จับคู่ในช่วงไม่ได้จะถูกยกเลิก

## คำสั่งแบบมีเงื่อนไข

- **สต็อปลิมิต** และ **สต็อปมาร์เก็ต**: รอจนราคาซื้อขายล่าสุดถึงราคาทริกเกอร์ แล้วจึงส่งคำสั่งลิมิตหรือมาร์เก็ต ค่าเทรลลิง (0.1% ถึง 20%) ทำให้ทริกเกอร์เคลื่อนตามราคา
- **OCO** (คำสั่งหนึ่งยกเลิกอีกคำสั่ง): คำสั่งลิมิตและคำสั่งสต็อปพร้อมกัน หนึ่งคำสั่งอยู่เหนือราคาล่าสุดและอีกคำสั่งอยู่ใต้ เมื่อคำสั่งหนึ่งถูกจับคู่ ถูกทริกเกอร์ หรือถูกยกเลิก อีกคำสั่งจะถูกยกเลิก

เงินของคำสั่งแบบมีเงื่อนไขถูกกันไว้ตั้งแต่วินาทีที่คุณส่งคำสั่ง

## คำสั่งของคุณ

คำสั่งที่เปิดอยู่และประวัติคำสั่งอยู่ในแผงบัญชีของเทอร์มินัลและใน[หน้าคำสั่ง](/commin?active=1) คุณยกเลิกได้ทีละคำสั่งหรือทั้งหมด โดยค่าเริ่มต้น คำสั่งของคุณเองจะไม่จับคู่กันเอง และทุกการจับคู่ต้องจ่ายค่าธรรมเนียมตาม[อัตราค่าธรรมเนียม](/rateStandard)
`,
    },
    ko: {
      title: '현물 주문: 지정가, 시장가, 조건부',
      summary: '현물 터미널에서 지정가, 시장가, 스톱, OCO 주문이 어떻게 작동하고 체결되는지, 주문을 어디서 보고 취소하는지 안내합니다.',
      markdown: md`
현물 거래는 [거래 터미널](/currencyTransaction)에서 합니다. 마켓, 방향(매수 또는 매도), 주문 유형을 고르세요.

## 지정가 주문

지정가 주문은 당신의 가격이나 그보다 유리한 가격에 체결됩니다. 바로 체결되지 않은 부분은 **가격·시간 우선**으로 호가창에 남습니다. 더 좋은 가격이 먼저, 같은 가격에서는 먼저 낸 주문이 먼저입니다. 웹 양식으로 낸 주문은 체결되거나 취소할 때까지 남습니다. Binance 호환 API로는 IOC(지금 체결되는 만큼), FOK(전부 아니면 전무), 포스트 온리 주문도 보낼 수 있습니다.

## 시장가 주문

시장가 주문은 즉시 호가창과 체결됩니다. 매수는 견적 코인의 총액을 쓰고, 매도는 기준 코인의 수량을 팝니다. 지수 가격 주변의 가격 밴드를 넘어서 체결되지 않으며, 밴드 안에서 체결되지 못한 부분은 취소됩니다.

## 조건부 주문

- **스톱 지정가**와 **스톱 시장가**: 최종 체결가가 트리거에 닿을 때까지 기다렸다가 지정가 또는 시장가 주문을 냅니다. 트레일링 폭(0.1%~20%)을 주면 트리거가 가격을 따라갑니다.
- **OCO**(하나가 체결되면 다른 하나는 취소): 지정가 주문과 스톱 주문을 함께 내며, 하나는 최종 가격 위에, 하나는 아래에 둡니다. 하나가 체결되거나 발동하거나 취소되면 다른 하나는 취소됩니다.

조건부 주문의 자금은 주문을 내는 순간부터 묶입니다.

## 내 주문

미체결 주문과 주문 내역은 터미널의 계정 패널과 [주문 페이지](/commin?active=1)에 있습니다. 하나씩 또는 전부 취소할 수 있습니다. 기본적으로 내 주문끼리는 체결되지 않으며, 모든 체결에는 [수수료율](/rateStandard)에 나온 수수료가 붙습니다.
`,
    },
    es: {
      title: 'Órdenes spot: límite, de mercado y condicionales',
      summary: 'Cómo funcionan las órdenes límite, de mercado, stop y OCO en el terminal spot, cómo se emparejan y dónde ver y cancelar tus órdenes.',
      markdown: md`
El trading spot se hace en [el terminal de trading](/currencyTransaction). Elige un mercado, un lado (compra o venta) y un tipo de orden.

## Órdenes límite

Una orden límite se ejecuta a tu precio o mejor. Lo que no se ejecuta al momento queda en el libro de órdenes con **prioridad precio-tiempo**: primero los mejores precios y, a un mismo precio, primero las órdenes más antiguas. Una orden del formulario web se mantiene hasta que se ejecuta o la cancelas; por la API compatible con Binance también puedes enviar órdenes IOC (ejecuta lo que puedas ahora), FOK (todo o nada) y solo maker.

## Órdenes de mercado

Una orden de mercado se ejecuta al momento contra el libro: una compra gasta un total en la moneda de cotización y una venta vende una cantidad de la moneda base. Nunca se ejecuta más allá de una banda de precios alrededor del precio índice; lo que no puede ejecutarse dentro de la banda se cancela.

## Órdenes condicionales

- **Stop-limit** y **stop-market**: esperan a que el último precio negociado alcance tu disparador y entonces colocan una orden límite o de mercado. Un delta de seguimiento (del 0,1 % al 20 %) hace que el disparador siga al precio.
- **OCO** (una cancela la otra): una orden límite y una orden stop juntas, una por encima y otra por debajo del último precio. Cuando una se ejecuta, se dispara o se cancela, la otra se cancela.

Los fondos de una orden condicional quedan retenidos desde el momento en que la colocas.

## Tus órdenes

Las órdenes abiertas y el historial están en el panel de cuenta del terminal y en [la página de órdenes](/commin?active=1). Puedes cancelar una orden o todas. Por defecto, tus propias órdenes no se ejecutan entre sí, y cada ejecución paga la comisión descrita en [las comisiones](/rateStandard).
`,
    },
    it: {
      title: 'Ordini spot: limite, a mercato e condizionali',
      summary: 'Come funzionano gli ordini limite, a mercato, stop e OCO sul terminale spot, come vengono abbinati e dove trovare e annullare i tuoi ordini.',
      markdown: md`
Il trading spot si fa sul [terminale di trading](/currencyTransaction). Scegli un mercato, un lato (acquisto o vendita) e un tipo di ordine.

## Ordini limite

Un ordine limite viene eseguito al tuo prezzo o a uno migliore. Ciò che non viene eseguito subito resta nell'order book con **priorità prezzo-tempo**: prima i prezzi migliori e, allo stesso prezzo, prima gli ordini arrivati prima. Un ordine dal modulo web resta finché non viene eseguito o lo annulli; tramite l'API compatibile con Binance puoi inviare anche ordini IOC (esegui ciò che puoi ora), FOK (tutto o niente) e solo maker.

## Ordini a mercato

Un ordine a mercato viene eseguito subito contro il book: un acquisto spende un totale nella moneta di quotazione, una vendita vende una quantità della moneta base. Non viene mai eseguito oltre una banda di prezzo attorno al prezzo indice; ciò che non può essere eseguito entro la banda viene annullato.

## Ordini condizionali

- **Stop-limit** e **stop-market**: attendono che l'ultimo prezzo scambiato raggiunga il tuo trigger, poi piazzano un ordine limite o a mercato. Un delta trailing (dallo 0,1 % al 20 %) fa seguire il prezzo al trigger.
- **OCO** (uno annulla l'altro): un ordine limite e un ordine stop insieme, uno sopra e uno sotto l'ultimo prezzo. Quando uno viene eseguito, scatta o viene annullato, l'altro viene annullato.

I fondi di un ordine condizionale sono trattenuti dal momento in cui lo piazzi.

## I tuoi ordini

Gli ordini aperti e lo storico sono nel pannello del conto del terminale e nella [pagina degli ordini](/commin?active=1). Puoi annullare un ordine o tutti. Per impostazione predefinita i tuoi ordini non vengono eseguiti tra loro, e ogni esecuzione paga la commissione descritta nelle [commissioni](/rateStandard).
`,
    },
    pt: {
      title: 'Ordens spot: limitadas, a mercado e condicionais',
      summary: 'Como funcionam as ordens limitadas, a mercado, stop e OCO no terminal spot, como são casadas e onde ver e cancelar suas ordens.',
      markdown: md`
A negociação spot acontece no [terminal de negociação](/currencyTransaction). Escolha um mercado, um lado (compra ou venda) e um tipo de ordem.

## Ordens limitadas

Uma ordem limitada é executada no seu preço ou melhor. O que não é executado na hora fica no livro de ordens com **prioridade de preço e tempo**: preços melhores primeiro e, no mesmo preço, ordens mais antigas primeiro. Uma ordem do formulário web fica até ser executada ou até você cancelá-la; pela API compatível com a Binance você também pode enviar ordens IOC (executa o que der agora), FOK (tudo ou nada) e somente maker.

## Ordens a mercado

Uma ordem a mercado é executada na hora contra o livro: uma compra gasta um total na moeda de cotação, uma venda vende uma quantidade da moeda base. Ela nunca é executada além de uma faixa de preço em torno do preço de índice; o que não puder ser executado dentro da faixa é cancelado.

## Ordens condicionais

- **Stop-limit** e **stop-market**: esperam até o último preço negociado atingir seu gatilho e então enviam uma ordem limitada ou a mercado. Um delta móvel (de 0,1% a 20%) faz o gatilho acompanhar o preço.
- **OCO** (uma cancela a outra): uma ordem limitada e uma ordem stop juntas, uma acima e outra abaixo do último preço. Quando uma é executada, acionada ou cancelada, a outra é cancelada.

Os fundos de uma ordem condicional ficam retidos desde o momento em que você a envia.

## Suas ordens

As ordens abertas e o histórico ficam no painel de conta do terminal e na [página de ordens](/commin?active=1). Você pode cancelar uma ordem ou todas. Por padrão, suas próprias ordens não são executadas entre si, e cada execução paga a taxa descrita nas [taxas](/rateStandard).
`,
    },
  },
};

const FEES: DemoArticle = {
  seedKey: 'help.trading.fees',
  kind: 'help',
  category: 'trading',
  ageDays: 18,
  texts: {
    en: {
      title: 'Trading fees and fee levels',
      summary: 'Maker and taker rates, the eight fee levels set by your 30-day volume, when levels change, and the fees of perpetual and seconds contracts.',
      markdown: md`
Each spot fill pays a fee at a **maker** rate (your order was resting on the book) or a **taker** rate (your order traded against a resting one). The fee is taken from what you receive. Your rates depend on your **fee level**, set by your spot trading volume over the last 30 days in BTC equivalent.

| level | 30-day volume ≥ (BTC) | maker | taker |
|---|---|---|---|
| 0 | 0 | 0.100% | 0.100% |
| 1 | 50 | 0.090% | 0.095% |
| 2 | 200 | 0.080% | 0.090% |
| 3 | 1,000 | 0.070% | 0.080% |
| 4 | 5,000 | 0.050% | 0.065% |
| 5 | 20,000 | 0.030% | 0.050% |
| 6 | 100,000 | 0.020% | 0.040% |
| 7 | 500,000 | 0.010% | 0.030% |

This is the default table; the operator can change it. [The fee rates page](/rateStandard) always shows the table in force and, when you are signed in, your level, your 30-day volume and how much more the next level needs.

## When levels change

Every day at 00:00 (GMT+8) every user's level is recomputed over the 30 days before, and the new levels take effect at 04:00 (GMT+8). Volume in markets not priced in BTC is converted at that day's BTC closing price. New users start at level 0, and an order keeps the rates in force when it was placed.

## Other fees

- **Perpetual contracts**: a fifth of your level's spot maker rate and half its taker rate (level 0: 0.02 % and 0.05 %). Liquidations pay a clearance fee instead.
- **Seconds contracts**: the fee shown with each duration (0.1 % of the stake in the demo's table), kept whatever the outcome.
- Fees are rounded up, by less than the smallest unit (0.00000001 of the coin).
`,
    },
    'zh-CN': {
      title: '交易手续费和费率等级',
      summary: '挂单和吃单费率，由 30 天交易量决定的八个费率等级，等级何时变化，以及永续合约和秒合约的手续费。',
      markdown: md`
每笔现货成交都按**挂单**费率（您的订单挂在订单簿上）或**吃单**费率（您的订单与挂着的订单成交）收取手续费。手续费从您收到的币中扣除。您的费率取决于您的**费率等级**，等级由最近 30 天按 BTC 折算的现货交易量决定。

| 等级 | 30 天交易量 ≥（BTC） | 挂单 | 吃单 |
|---|---|---|---|
| 0 | 0 | 0.100% | 0.100% |
| 1 | 50 | 0.090% | 0.095% |
| 2 | 200 | 0.080% | 0.090% |
| 3 | 1,000 | 0.070% | 0.080% |
| 4 | 5,000 | 0.050% | 0.065% |
| 5 | 20,000 | 0.030% | 0.050% |
| 6 | 100,000 | 0.020% | 0.040% |
| 7 | 500,000 | 0.010% | 0.030% |

这是默认费率表，运营者可以修改。[费率标准页面](/rateStandard)始终显示当前生效的费率表；登录后还会显示您的等级、30 天交易量以及距离下一等级还差多少。

## 等级何时变化

每天 00:00（GMT+8）按之前 30 天重新计算每位用户的等级，新等级在 04:00（GMT+8）生效。不以 BTC 计价的市场的交易量按当天 BTC 收盘价折算。新用户从 0 级开始，订单沿用下单时生效的费率。

## 其他费用

- **永续合约**：您所在等级现货挂单费率的五分之一和吃单费率的一半（0 级：0.02% 和 0.05%）。强平改收清算费。
- **秒合约**：每个期限旁显示的手续费（演示费率表中为本金的 0.1%），无论结果如何都不退还。
- 手续费向上取整，差额小于最小单位（该币的 0.00000001）。
`,
    },
    'zh-TW': {
      title: '交易手續費和費率等級',
      summary: '掛單和吃單費率，由 30 天交易量決定的八個費率等級，等級何時變化，以及永續合約和秒合約的手續費。',
      markdown: md`
每筆現貨成交都依**掛單**費率（您的訂單掛在訂單簿上）或**吃單**費率（您的訂單與掛著的訂單成交）收取手續費。手續費從您收到的幣中扣除。您的費率取決於您的**費率等級**，等級由最近 30 天依 BTC 折算的現貨交易量決定。

| 等級 | 30 天交易量 ≥（BTC） | 掛單 | 吃單 |
|---|---|---|---|
| 0 | 0 | 0.100% | 0.100% |
| 1 | 50 | 0.090% | 0.095% |
| 2 | 200 | 0.080% | 0.090% |
| 3 | 1,000 | 0.070% | 0.080% |
| 4 | 5,000 | 0.050% | 0.065% |
| 5 | 20,000 | 0.030% | 0.050% |
| 6 | 100,000 | 0.020% | 0.040% |
| 7 | 500,000 | 0.010% | 0.030% |

這是預設費率表，營運者可以修改。[費率標準頁面](/rateStandard)始終顯示目前生效的費率表；登入後還會顯示您的等級、30 天交易量以及距離下一等級還差多少。

## 等級何時變化

每天 00:00（GMT+8）依之前 30 天重新計算每位使用者的等級，新等級在 04:00（GMT+8）生效。不以 BTC 計價的市場的交易量依當天 BTC 收盤價折算。新使用者從 0 級開始，訂單沿用下單時生效的費率。

## 其他費用

- **永續合約**：您所在等級現貨掛單費率的五分之一和吃單費率的一半（0 級：0.02% 和 0.05%）。強平改收清算費。
- **秒合約**：每個期限旁顯示的手續費（示範費率表中為本金的 0.1%），無論結果如何都不退還。
- 手續費向上取整，差額小於最小單位（該幣的 0.00000001）。
`,
    },
    ja: {
      title: '取引手数料と手数料レベル',
      summary: 'メイカーとテイカーの料率、30 日間の取引量で決まる 8 つの手数料レベル、レベルが変わる時刻、そして無期限先物と秒先物の手数料。',
      markdown: md`
現物の約定ごとに、**メイカー**料率（あなたの注文がオーダーブックに並んでいた）または**テイカー**料率（あなたの注文が並んでいた注文と約定した）で手数料がかかります。手数料は受け取る側のコインから差し引かれます。料率は**手数料レベル**で決まり、レベルは直近 30 日間の BTC 換算の現物取引量で決まります。

| レベル | 30 日取引量 ≥（BTC） | メイカー | テイカー |
|---|---|---|---|
| 0 | 0 | 0.100% | 0.100% |
| 1 | 50 | 0.090% | 0.095% |
| 2 | 200 | 0.080% | 0.090% |
| 3 | 1,000 | 0.070% | 0.080% |
| 4 | 5,000 | 0.050% | 0.065% |
| 5 | 20,000 | 0.030% | 0.050% |
| 6 | 100,000 | 0.020% | 0.040% |
| 7 | 500,000 | 0.010% | 0.030% |

これは既定の表で、運営者が変更できます。[手数料率ページ](/rateStandard)には常に有効な表が表示され、ログイン中ならあなたのレベル、30 日間の取引量、次のレベルまでに必要な量も表示されます。

## レベルが変わるとき

毎日 00:00（GMT+8）に全ユーザーのレベルが直前 30 日間で再計算され、新しいレベルは 04:00（GMT+8）に適用されます。BTC 建てでない市場の取引量は、その日の BTC の終値で換算されます。新規ユーザーはレベル 0 から始まり、注文は出したときの料率を保ちます。

## その他の手数料

- **無期限先物**：レベルの現物メイカー料率の 5 分の 1、テイカー料率の半分（レベル 0：0.02% と 0.05%）。清算では代わりに清算手数料がかかります。
- **秒先物**：各期間に表示された手数料（デモの表では元本の 0.1%）で、結果にかかわらず返金されません。
- 手数料は切り上げで、差は最小単位（コインの 0.00000001）未満です。
`,
    },
    th: {
      title: 'ค่าธรรมเนียมการเทรดและระดับค่าธรรมเนียม',
      summary: 'อัตราเมกเกอร์และเทกเกอร์ ระดับค่าธรรมเนียมแปดระดับตามปริมาณ 30 วัน เวลาที่ระดับเปลี่ยน และค่าธรรมเนียมของสัญญาไม่มีวันหมดอายุและสัญญาวินาที',
      markdown: md`
การจับคู่สปอตแต่ละครั้งเสียค่าธรรมเนียมตามอัตรา **เมกเกอร์** (คำสั่งของคุณรออยู่ในสมุดคำสั่ง) หรืออัตรา **เทกเกอร์** (คำสั่งของคุณจับคู่กับคำสั่งที่รออยู่) ค่าธรรมเนียมหักจากสิ่งที่คุณได้รับ อัตราของคุณขึ้นกับ **ระดับค่าธรรมเนียม** ซึ่งกำหนดจากปริมาณการเทรดสปอตใน 30 วันล่าสุดคิดเทียบเป็น BTC

| ระดับ | ปริมาณ 30 วัน ≥ (BTC) | เมกเกอร์ | เทกเกอร์ |
|---|---|---|---|
| 0 | 0 | 0.100% | 0.100% |
| 1 | 50 | 0.090% | 0.095% |
| 2 | 200 | 0.080% | 0.090% |
| 3 | 1,000 | 0.070% | 0.080% |
| 4 | 5,000 | 0.050% | 0.065% |
| 5 | 20,000 | 0.030% | 0.050% |
| 6 | 100,000 | 0.020% | 0.040% |
| 7 | 500,000 | 0.010% | 0.030% |

นี่คือตารางค่าเริ่มต้น ผู้ดูแลเปลี่ยนได้ [หน้าอัตราค่าธรรมเนียม](/rateStandard)แสดงตารางที่ใช้อยู่เสมอ และเมื่อคุณเข้าสู่ระบบจะแสดงระดับของคุณ ปริมาณ 30 วัน และปริมาณที่ต้องเพิ่มเพื่อไปถึงระดับถัดไป

## ระดับเปลี่ยนเมื่อใด

ทุกวันเวลา 00:00 (GMT+8) ระดับของผู้ใช้ทุกคนจะถูกคำนวณใหม่จาก 30 วันก่อนหน้า และระดับใหม่มีผลเวลา 04:00 (GMT+8) ปริมาณในตลาดที่ไม่ได้กำหนดราคาเป็น BTC จะถูกแปลงด้วยราคาปิดของ BTC ในวันนั้น ผู้ใช้ใหม่เริ่มที่ระดับ 0 และคำสั่งจะใช้อัตราที่มีผลตอนส่งคำสั่งตลอดไป

## ค่าธรรมเนียมอื่น

- **สัญญาไม่มีวันหมดอายุ**: หนึ่งในห้าของอัตราเมกเกอร์สปอตในระดับของคุณ และครึ่งหนึ่งของอัตราเทกเกอร์ (ระดับ 0: 0.02% และ 0.05%) การชำระบัญชีเสียค่าธรรมเนียมการชำระบัญชีแทน
- **สัญญาวินาที**: ค่าธรรมเนียมที่แสดงคู่กับแต่ละระยะเวลา (0.1% ของเงินเดิมพันในตารางของการสาธิต) ไม่คืนไม่ว่าผลจะเป็นอย่างไร
- ค่าธรรมเนียมปัดขึ้น โดยต่างไม่ถึงหน่วยที่เล็กที่สุด (0.00000001 ของเหรียญ)
`,
    },
    ko: {
      title: '거래 수수료와 수수료 등급',
      summary: '메이커와 테이커 수수료율, 30일 거래량으로 정해지는 여덟 단계의 수수료 등급, 등급이 바뀌는 시각, 무기한 선물과 초 단위 선물의 수수료.',
      markdown: md`
현물 체결마다 **메이커** 수수료율(당신의 주문이 호가창에 걸려 있었음) 또는 **테이커** 수수료율(당신의 주문이 걸려 있던 주문과 체결됨)로 수수료가 붙습니다. 수수료는 받는 코인에서 차감됩니다. 수수료율은 **수수료 등급**에 따라 정해지고, 등급은 최근 30일간 BTC로 환산한 현물 거래량으로 정해집니다.

| 등급 | 30일 거래량 ≥ (BTC) | 메이커 | 테이커 |
|---|---|---|---|
| 0 | 0 | 0.100% | 0.100% |
| 1 | 50 | 0.090% | 0.095% |
| 2 | 200 | 0.080% | 0.090% |
| 3 | 1,000 | 0.070% | 0.080% |
| 4 | 5,000 | 0.050% | 0.065% |
| 5 | 20,000 | 0.030% | 0.050% |
| 6 | 100,000 | 0.020% | 0.040% |
| 7 | 500,000 | 0.010% | 0.030% |

이것은 기본 표이며 운영자가 바꿀 수 있습니다. [수수료율 페이지](/rateStandard)에는 언제나 현재 적용되는 표가 나오며, 로그인하면 당신의 등급, 30일 거래량, 다음 등급까지 필요한 거래량도 보입니다.

## 등급이 바뀌는 때

매일 00:00(GMT+8)에 모든 사용자의 등급을 직전 30일로 다시 계산하고, 새 등급은 04:00(GMT+8)에 적용됩니다. BTC로 가격이 매겨지지 않는 마켓의 거래량은 그날의 BTC 종가로 환산합니다. 신규 사용자는 0등급에서 시작하며, 주문은 낼 때 적용되던 수수료율을 유지합니다.

## 그 밖의 수수료

- **무기한 선물**: 해당 등급 현물 메이커 수수료율의 5분의 1과 테이커 수수료율의 절반(0등급: 0.02%와 0.05%). 청산에는 대신 청산 수수료가 붙습니다.
- **초 단위 선물**: 각 기간 옆에 표시된 수수료(데모 표에서는 원금의 0.1%)이며, 결과와 상관없이 돌려받지 못합니다.
- 수수료는 올림 처리되며, 차이는 최소 단위(코인의 0.00000001)보다 작습니다.
`,
    },
    es: {
      title: 'Comisiones de trading y niveles de comisión',
      summary: 'Tasas maker y taker, los ocho niveles de comisión según tu volumen de 30 días, cuándo cambian los niveles y las comisiones de perpetuos y contratos por segundos.',
      markdown: md`
Cada ejecución spot paga una comisión a la tasa **maker** (tu orden estaba en el libro) o a la tasa **taker** (tu orden se ejecutó contra una que estaba en el libro). La comisión se descuenta de lo que recibes. Tus tasas dependen de tu **nivel de comisión**, fijado por tu volumen de trading spot de los últimos 30 días en equivalente BTC.

| nivel | volumen 30 días ≥ (BTC) | maker | taker |
|---|---|---|---|
| 0 | 0 | 0,100% | 0,100% |
| 1 | 50 | 0,090% | 0,095% |
| 2 | 200 | 0,080% | 0,090% |
| 3 | 1.000 | 0,070% | 0,080% |
| 4 | 5.000 | 0,050% | 0,065% |
| 5 | 20.000 | 0,030% | 0,050% |
| 6 | 100.000 | 0,020% | 0,040% |
| 7 | 500.000 | 0,010% | 0,030% |

Esta es la tabla por defecto; el operador puede cambiarla. [La página de comisiones](/rateStandard) muestra siempre la tabla vigente y, con la sesión iniciada, tu nivel, tu volumen de 30 días y cuánto te falta para el siguiente nivel.

## Cuándo cambian los niveles

Cada día a las 00:00 (GMT+8) se recalcula el nivel de cada usuario sobre los 30 días anteriores, y los nuevos niveles entran en vigor a las 04:00 (GMT+8). El volumen de mercados que no cotizan en BTC se convierte al precio de cierre de BTC de ese día. Los usuarios nuevos empiezan en el nivel 0, y una orden conserva las tasas vigentes cuando se colocó.

## Otras comisiones

- **Contratos perpetuos**: una quinta parte de la tasa maker spot de tu nivel y la mitad de su tasa taker (nivel 0: 0,02 % y 0,05 %). Las liquidaciones pagan en su lugar una comisión de liquidación.
- **Contratos por segundos**: la comisión que se muestra con cada duración (0,1 % del importe en la tabla de la demo), que se cobra sea cual sea el resultado.
- Las comisiones se redondean hacia arriba, en menos de la unidad mínima (0,00000001 de la moneda).
`,
    },
    it: {
      title: 'Commissioni di trading e livelli di commissione',
      summary: 'Tassi maker e taker, gli otto livelli di commissione dati dal tuo volume a 30 giorni, quando cambiano i livelli e le commissioni di perpetui e contratti a secondi.',
      markdown: md`
Ogni esecuzione spot paga una commissione al tasso **maker** (il tuo ordine era nel book) o al tasso **taker** (il tuo ordine è stato eseguito contro uno già nel book). La commissione viene trattenuta da ciò che ricevi. I tuoi tassi dipendono dal tuo **livello di commissione**, fissato dal tuo volume di trading spot degli ultimi 30 giorni in equivalente BTC.

| livello | volume 30 giorni ≥ (BTC) | maker | taker |
|---|---|---|---|
| 0 | 0 | 0,100% | 0,100% |
| 1 | 50 | 0,090% | 0,095% |
| 2 | 200 | 0,080% | 0,090% |
| 3 | 1.000 | 0,070% | 0,080% |
| 4 | 5.000 | 0,050% | 0,065% |
| 5 | 20.000 | 0,030% | 0,050% |
| 6 | 100.000 | 0,020% | 0,040% |
| 7 | 500.000 | 0,010% | 0,030% |

Questa è la tabella predefinita; l'operatore può cambiarla. [La pagina delle commissioni](/rateStandard) mostra sempre la tabella in vigore e, se hai effettuato l'accesso, il tuo livello, il tuo volume a 30 giorni e quanto manca al livello successivo.

## Quando cambiano i livelli

Ogni giorno alle 00:00 (GMT+8) il livello di ogni utente viene ricalcolato sui 30 giorni precedenti, e i nuovi livelli entrano in vigore alle 04:00 (GMT+8). Il volume dei mercati non quotati in BTC è convertito al prezzo di chiusura di BTC di quel giorno. I nuovi utenti partono dal livello 0, e un ordine mantiene i tassi in vigore quando è stato piazzato.

## Altre commissioni

- **Contratti perpetui**: un quinto del tasso maker spot del tuo livello e metà del suo tasso taker (livello 0: 0,02 % e 0,05 %). Le liquidazioni pagano invece una commissione di liquidazione.
- **Contratti a secondi**: la commissione indicata con ogni durata (0,1 % della puntata nella tabella della demo), trattenuta qualunque sia l'esito.
- Le commissioni sono arrotondate per eccesso, di meno dell'unità minima (0,00000001 della moneta).
`,
    },
    pt: {
      title: 'Taxas de negociação e níveis de taxa',
      summary: 'Taxas maker e taker, os oito níveis de taxa definidos pelo seu volume de 30 dias, quando os níveis mudam e as taxas de perpétuos e contratos por segundos.',
      markdown: md`
Cada execução spot paga uma taxa pela alíquota **maker** (sua ordem estava no livro) ou **taker** (sua ordem foi executada contra uma que estava no livro). A taxa é descontada do que você recebe. Suas alíquotas dependem do seu **nível de taxa**, definido pelo seu volume de negociação spot nos últimos 30 dias em equivalente BTC.

| nível | volume 30 dias ≥ (BTC) | maker | taker |
|---|---|---|---|
| 0 | 0 | 0,100% | 0,100% |
| 1 | 50 | 0,090% | 0,095% |
| 2 | 200 | 0,080% | 0,090% |
| 3 | 1.000 | 0,070% | 0,080% |
| 4 | 5.000 | 0,050% | 0,065% |
| 5 | 20.000 | 0,030% | 0,050% |
| 6 | 100.000 | 0,020% | 0,040% |
| 7 | 500.000 | 0,010% | 0,030% |

Esta é a tabela padrão; o operador pode alterá-la. [A página de taxas](/rateStandard) sempre mostra a tabela em vigor e, com você conectado, seu nível, seu volume de 30 dias e quanto falta para o próximo nível.

## Quando os níveis mudam

Todos os dias às 00:00 (GMT+8) o nível de cada usuário é recalculado sobre os 30 dias anteriores, e os novos níveis passam a valer às 04:00 (GMT+8). O volume de mercados não cotados em BTC é convertido pelo preço de fechamento do BTC naquele dia. Novos usuários começam no nível 0, e uma ordem mantém as alíquotas em vigor quando foi enviada.

## Outras taxas

- **Contratos perpétuos**: um quinto da alíquota maker spot do seu nível e metade da alíquota taker (nível 0: 0,02% e 0,05%). Liquidações pagam uma taxa de liquidação no lugar.
- **Contratos por segundos**: a taxa mostrada com cada duração (0,1% do valor na tabela da demonstração), retida seja qual for o resultado.
- As taxas são arredondadas para cima, em menos que a menor unidade (0,00000001 da moeda).
`,
    },
  },
};

export const HELP_TRADING: readonly DemoArticle[] = [ORDERS, FEES];
