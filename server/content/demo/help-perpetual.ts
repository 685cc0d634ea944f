// Help, perpetual contracts: margin and leverage; mark price, liquidation and funding.

import { md, type DemoArticle } from './types.ts';

const MARGIN: DemoArticle = {
  seedKey: 'help.perpetual.margin',
  kind: 'help',
  category: 'perpetual',
  ageDays: 13,
  texts: {
    en: {
      title: 'Perpetual contracts: margin and leverage',
      summary: 'One-way positions, leverage and its brackets, cross and isolated margin, and what an order holds before it fills.',
      markdown: md`
Perpetual contracts are traded on [the contract page](/contractTransaction) with USDT in your contract account. A perpetual has no expiry: you hold a **long** or a **short** position for as long as your margin carries it. Positions are one-way: one position per market, and an opposite order reduces it first.

## Leverage

Leverage sets how much margin a position needs: at 10×, a position worth 1,000 USDT needs 100 USDT. Each market's maximum is its first bracket's: BTC 125×, ETH 100×, SOL, BNB, XRP and DOGE 75×, the others 50×. You start at 20× (or the maximum, where it is lower) and can change it. Bigger positions fall into higher brackets, with a lower maximum leverage and a higher maintenance margin rate.

## Cross or isolated

- **Isolated**: the position has its own margin. When it is lost, only that margin is lost; you can add or remove margin by hand.
- **Cross**: all your cross positions share the account's cash. A loss in one can use cash that would have supported the others, and a profit in one supports the rest.

## What an order holds

Before you send, the form shows the cost and an estimated liquidation price, computed by the same code the engine uses. A resting order holds its margin (the **entrust margin**) plus the loss it would open at once against the mark price. Unrealized profit cannot be spent before it is realized.

Leverage multiplies losses as much as gains. Read [how liquidation works](/helpCenter) before you open a position.
`,
    },
    'zh-CN': {
      title: '永续合约：保证金和杠杆',
      summary: '单向持仓、杠杆及其档位、全仓和逐仓保证金，以及订单成交前会占用什么。',
      markdown: md`
永续合约在[合约页面](/contractTransaction)用合约账户中的 USDT 交易。永续合约没有到期日：只要保证金撑得住，您就可以一直持有**多头**或**空头**仓位。持仓是单向的：每个市场一个仓位，反方向的订单会先减少它。

## 杠杆

杠杆决定一个仓位需要多少保证金：10 倍时，价值 1,000 USDT 的仓位需要 100 USDT。每个市场的最高杠杆是其第一档的上限：BTC 125 倍，ETH 100 倍，SOL、BNB、XRP 和 DOGE 75 倍，其余 50 倍。初始杠杆为 20 倍（上限更低时取上限），您可以修改。仓位越大，所在档位越高，最高杠杆越低，维持保证金率越高。

## 全仓或逐仓

- **逐仓**：仓位有自己独立的保证金。亏光时，只损失这部分保证金；您可以手动追加或减少保证金。
- **全仓**：所有全仓仓位共用账户的资金。一个仓位的亏损可能用掉本来支撑其他仓位的资金，一个仓位的盈利也会支撑其余仓位。

## 订单会占用什么

下单前，表单会显示成本和预估强平价格，由与撮合引擎相同的代码计算。挂着的订单会占用它的保证金（**委托保证金**），再加上相对标记价格它一开仓就会产生的亏损。未实现盈利在实现之前不能使用。

杠杆放大收益，也同样放大亏损。开仓前请阅读[强平如何运作](/helpCenter)。
`,
    },
    'zh-TW': {
      title: '永續合約：保證金和槓桿',
      summary: '單向持倉、槓桿及其檔位、全倉和逐倉保證金，以及訂單成交前會占用什麼。',
      markdown: md`
永續合約在[合約頁面](/contractTransaction)用合約帳戶中的 USDT 交易。永續合約沒有到期日：只要保證金撐得住，您就可以一直持有**多頭**或**空頭**倉位。持倉是單向的：每個市場一個倉位，反方向的訂單會先減少它。

## 槓桿

槓桿決定一個倉位需要多少保證金：10 倍時，價值 1,000 USDT 的倉位需要 100 USDT。每個市場的最高槓桿是其第一檔的上限：BTC 125 倍，ETH 100 倍，SOL、BNB、XRP 和 DOGE 75 倍，其餘 50 倍。初始槓桿為 20 倍（上限更低時取上限），您可以修改。倉位越大，所在檔位越高，最高槓桿越低，維持保證金率越高。

## 全倉或逐倉

- **逐倉**：倉位有自己獨立的保證金。虧光時，只損失這部分保證金；您可以手動追加或減少保證金。
- **全倉**：所有全倉倉位共用帳戶的資金。一個倉位的虧損可能用掉本來支撐其他倉位的資金，一個倉位的獲利也會支撐其餘倉位。

## 訂單會占用什麼

下單前，表單會顯示成本和預估強平價格，由與撮合引擎相同的程式碼計算。掛著的訂單會占用它的保證金（**委託保證金**），再加上相對標記價格它一開倉就會產生的虧損。未實現獲利在實現之前不能使用。

槓桿放大收益，也同樣放大虧損。開倉前請閱讀[強平如何運作](/helpCenter)。
`,
    },
    ja: {
      title: '無期限先物：証拠金とレバレッジ',
      summary: '片方向ポジション、レバレッジとそのブラケット、クロスマージンと分離マージン、そして約定前の注文が拘束するものを説明します。',
      markdown: md`
無期限先物は、先物口座の USDT で[先物ページ](/contractTransaction)から取引します。無期限先物には満期がなく、証拠金が支えられる限り**ロング**または**ショート**のポジションを持ち続けられます。ポジションは片方向で、市場ごとに 1 つ、反対方向の注文はまずそれを減らします。

## レバレッジ

レバレッジはポジションに必要な証拠金を決めます。10 倍なら、1,000 USDT 相当のポジションに 100 USDT が必要です。各市場の上限は第 1 ブラケットのもので、BTC 125 倍、ETH 100 倍、SOL・BNB・XRP・DOGE 75 倍、その他 50 倍です。初期値は 20 倍（上限がそれより低ければ上限）で、変更できます。ポジションが大きくなると上位のブラケットに入り、最大レバレッジは下がり、維持証拠金率は上がります。

## クロスか分離か

- **分離**：ポジションごとに専用の証拠金を持ちます。失っても、失うのはその証拠金だけです。証拠金は手動で追加・削減できます。
- **クロス**：クロスのポジションはすべて口座の資金を共有します。1 つの損失が他を支えるはずの資金を使うこともあり、1 つの利益は他を支えます。

## 注文が拘束するもの

送信前に、フォームはコストと推定清算価格を表示します。エンジンと同じコードで計算したものです。板に並ぶ注文は、その証拠金（**注文証拠金**）に加えて、マーク価格に対して建てた瞬間に生じる損失分を拘束します。含み益は実現するまで使えません。

レバレッジは利益と同じだけ損失も拡大します。ポジションを建てる前に[清算の仕組み](/helpCenter)をお読みください。
`,
    },
    th: {
      title: 'สัญญาไม่มีวันหมดอายุ: มาร์จิ้นและเลเวอเรจ',
      summary: 'โพซิชันทางเดียว เลเวอเรจและขั้นของมัน มาร์จิ้นแบบครอสและแบบแยก และสิ่งที่คำสั่งกันไว้ก่อนถูกจับคู่',
      markdown: md`
สัญญาไม่มีวันหมดอายุเทรดบน[หน้าสัญญา](/contractTransaction)ด้วย USDT ในบัญชีสัญญาของคุณ สัญญาประเภทนี้ไม่มีวันหมดอายุ: คุณถือโพซิชัน **ลอง** หรือ **ชอร์ต** ได้นานเท่าที่มาร์จิ้นยังรับไหว โพซิชันเป็นแบบทางเดียว: ตลาดละหนึ่งโพซิชัน และคำสั่งฝั่งตรงข้ามจะลดโพซิชันนั้นก่อน

## เลเวอเรจ

เลเวอเรจกำหนดว่าโพซิชันต้องใช้มาร์จิ้นเท่าใด: ที่ 10 เท่า โพซิชันมูลค่า 1,000 USDT ต้องใช้ 100 USDT เลเวอเรจสูงสุดของแต่ละตลาดคือของขั้นแรก: BTC 125 เท่า ETH 100 เท่า SOL, BNB, XRP และ DOGE 75 เท่า ที่เหลือ 50 เท่า คุณเริ่มที่ 20 เท่า (หรือค่าสูงสุดหากต่ำกว่า) และเปลี่ยนได้ โพซิชันที่ใหญ่ขึ้นจะอยู่ในขั้นที่สูงขึ้น ซึ่งมีเลเวอเรจสูงสุดต่ำลงและอัตรามาร์จิ้นรักษาสภาพสูงขึ้น

## ครอสหรือแยก

- **แยก**: โพซิชันมีมาร์จิ้นของตัวเอง เมื่อเสียไป ก็เสียแค่มาร์จิ้นนั้น คุณเพิ่มหรือลดมาร์จิ้นด้วยมือได้
- **ครอส**: โพซิชันแบบครอสทั้งหมดใช้เงินสดของบัญชีร่วมกัน การขาดทุนของโพซิชันหนึ่งอาจใช้เงินที่ควรช่วยโพซิชันอื่น และกำไรของโพซิชันหนึ่งก็ช่วยโพซิชันที่เหลือ

## สิ่งที่คำสั่งกันไว้

ก่อนส่ง แบบฟอร์มจะแสดงต้นทุนและราคาชำระบัญชีโดยประมาณ คำนวณด้วยโค้ดเดียวกับที่เอนจินใช้ คำสั่งที่รออยู่จะกันมาร์จิ้นของตัวเองไว้ (**มาร์จิ้นคำสั่ง**) บวกกับการขาดทุนที่จะเกิดทันทีเมื่อเทียบกับราคามาร์ก กำไรที่ยังไม่เกิดขึ้นจริงใช้ไม่ได้จนกว่าจะปิดทำกำไร

เลเวอเรจขยายการขาดทุนได้มากเท่ากับกำไร โปรดอ่าน[วิธีการชำระบัญชี](/helpCenter)ก่อนเปิดโพซิชัน
`,
    },
    ko: {
      title: '무기한 선물: 증거금과 레버리지',
      summary: '단방향 포지션, 레버리지와 구간, 교차 마진과 격리 마진, 그리고 체결 전 주문이 묶어 두는 금액을 안내합니다.',
      markdown: md`
무기한 선물은 선물 계정의 USDT로 [선물 페이지](/contractTransaction)에서 거래합니다. 무기한 선물에는 만기가 없어, 증거금이 버티는 동안 **롱** 또는 **숏** 포지션을 계속 보유할 수 있습니다. 포지션은 단방향입니다. 마켓마다 포지션이 하나이며, 반대 방향 주문은 먼저 포지션을 줄입니다.

## 레버리지

레버리지는 포지션에 필요한 증거금을 정합니다. 10배라면 1,000 USDT 규모의 포지션에 100 USDT가 필요합니다. 각 마켓의 최대치는 첫 구간의 것입니다. BTC 125배, ETH 100배, SOL·BNB·XRP·DOGE 75배, 나머지 50배입니다. 처음에는 20배(최대치가 더 낮으면 최대치)에서 시작하며 바꿀 수 있습니다. 포지션이 커지면 더 높은 구간에 들어가 최대 레버리지는 낮아지고 유지 증거금률은 높아집니다.

## 교차 또는 격리

- **격리**: 포지션이 자기만의 증거금을 가집니다. 잃더라도 그 증거금만 잃으며, 증거금을 직접 추가하거나 뺄 수 있습니다.
- **교차**: 모든 교차 포지션이 계정의 현금을 함께 씁니다. 한 포지션의 손실이 다른 포지션을 받칠 현금을 쓸 수 있고, 한 포지션의 이익은 나머지를 받칩니다.

## 주문이 묶어 두는 것

보내기 전에 양식은 비용과 예상 청산 가격을 보여 주며, 엔진과 같은 코드로 계산합니다. 걸려 있는 주문은 자신의 증거금(**주문 증거금**)에 더해, 마크 가격 대비 진입 즉시 생길 손실만큼을 묶어 둡니다. 미실현 이익은 실현하기 전에는 쓸 수 없습니다.

레버리지는 이익만큼 손실도 키웁니다. 포지션을 열기 전에 [청산의 작동 방식](/helpCenter)을 읽어 보세요.
`,
    },
    es: {
      title: 'Contratos perpetuos: margen y apalancamiento',
      summary: 'Posiciones en un solo sentido, el apalancamiento y sus tramos, margen cruzado y aislado, y qué retiene una orden antes de ejecutarse.',
      markdown: md`
Los contratos perpetuos se operan en [la página de contratos](/contractTransaction) con USDT de tu cuenta de contratos. Un perpetuo no vence: mantienes una posición **larga** o **corta** mientras tu margen la sostenga. Las posiciones son en un solo sentido: una posición por mercado, y una orden contraria la reduce primero.

## Apalancamiento

El apalancamiento fija cuánto margen necesita una posición: a 10×, una posición de 1.000 USDT necesita 100 USDT. El máximo de cada mercado es el de su primer tramo: BTC 125×, ETH 100×, SOL, BNB, XRP y DOGE 75×, los demás 50×. Empiezas en 20× (o en el máximo, si es menor) y puedes cambiarlo. Las posiciones más grandes caen en tramos superiores, con un apalancamiento máximo menor y una tasa de margen de mantenimiento mayor.

## Cruzado o aislado

- **Aislado**: la posición tiene su propio margen. Si se pierde, solo se pierde ese margen; puedes añadir o retirar margen a mano.
- **Cruzado**: todas tus posiciones cruzadas comparten el efectivo de la cuenta. La pérdida de una puede usar efectivo que habría sostenido a las demás, y la ganancia de una sostiene al resto.

## Qué retiene una orden

Antes de enviar, el formulario muestra el coste y un precio de liquidación estimado, calculados con el mismo código que usa el motor. Una orden en el libro retiene su margen (el **margen de orden**) más la pérdida que abriría de inmediato frente al precio de marca. La ganancia no realizada no se puede gastar antes de realizarla.

El apalancamiento multiplica las pérdidas tanto como las ganancias. Lee [cómo funciona la liquidación](/helpCenter) antes de abrir una posición.
`,
    },
    it: {
      title: 'Contratti perpetui: margine e leva',
      summary: 'Posizioni a senso unico, la leva e i suoi scaglioni, margine incrociato e isolato, e cosa trattiene un ordine prima di essere eseguito.',
      markdown: md`
I contratti perpetui si negoziano sulla [pagina dei contratti](/contractTransaction) con USDT del tuo conto contratti. Un perpetuo non scade: tieni una posizione **long** o **short** finché il margine la sostiene. Le posizioni sono a senso unico: una posizione per mercato, e un ordine opposto la riduce per prima cosa.

## Leva

La leva stabilisce quanto margine serve a una posizione: a 10×, una posizione da 1.000 USDT richiede 100 USDT. Il massimo di ogni mercato è quello del suo primo scaglione: BTC 125×, ETH 100×, SOL, BNB, XRP e DOGE 75×, gli altri 50×. Parti da 20× (o dal massimo, se è più basso) e puoi cambiarla. Le posizioni più grandi ricadono in scaglioni superiori, con una leva massima più bassa e un tasso di margine di mantenimento più alto.

## Incrociato o isolato

- **Isolato**: la posizione ha un margine tutto suo. Se lo perdi, perdi solo quel margine; puoi aggiungere o togliere margine a mano.
- **Incrociato**: tutte le tue posizioni incrociate condividono la liquidità del conto. La perdita di una può usare liquidità che avrebbe sostenuto le altre, e il profitto di una sostiene le restanti.

## Cosa trattiene un ordine

Prima dell'invio il modulo mostra il costo e un prezzo di liquidazione stimato, calcolati con lo stesso codice del motore. Un ordine nel book trattiene il proprio margine (il **margine d'ordine**) più la perdita che aprirebbe subito rispetto al prezzo mark. Il profitto non realizzato non si può spendere prima di realizzarlo.

La leva moltiplica le perdite quanto i guadagni. Leggi [come funziona la liquidazione](/helpCenter) prima di aprire una posizione.
`,
    },
    pt: {
      title: 'Contratos perpétuos: margem e alavancagem',
      summary: 'Posições de mão única, a alavancagem e suas faixas, margem cruzada e isolada, e o que uma ordem retém antes de ser executada.',
      markdown: md`
Os contratos perpétuos são negociados na [página de contratos](/contractTransaction) com USDT da sua conta de contratos. Um perpétuo não vence: você mantém uma posição **comprada** ou **vendida** enquanto a margem a sustentar. As posições são de mão única: uma posição por mercado, e uma ordem oposta a reduz primeiro.

## Alavancagem

A alavancagem define quanta margem uma posição precisa: a 10×, uma posição de 1.000 USDT precisa de 100 USDT. O máximo de cada mercado é o da primeira faixa: BTC 125×, ETH 100×, SOL, BNB, XRP e DOGE 75×, os demais 50×. Você começa em 20× (ou no máximo, se for menor) e pode alterar. Posições maiores caem em faixas superiores, com alavancagem máxima menor e taxa de margem de manutenção maior.

## Cruzada ou isolada

- **Isolada**: a posição tem margem própria. Se ela for perdida, só essa margem se perde; você pode adicionar ou retirar margem manualmente.
- **Cruzada**: todas as suas posições cruzadas compartilham o dinheiro da conta. A perda de uma pode usar dinheiro que sustentaria as outras, e o lucro de uma sustenta as demais.

## O que uma ordem retém

Antes do envio, o formulário mostra o custo e um preço de liquidação estimado, calculados pelo mesmo código que o motor usa. Uma ordem no livro retém sua margem (a **margem da ordem**) mais a perda que abriria na hora em relação ao preço de marcação. Lucro não realizado não pode ser gasto antes de ser realizado.

A alavancagem multiplica as perdas tanto quanto os ganhos. Leia [como funciona a liquidação](/helpCenter) antes de abrir uma posição.
`,
    },
  },
};

const LIQUIDATION: DemoArticle = {
  seedKey: 'help.perpetual.liquidation-funding',
  kind: 'help',
  category: 'perpetual',
  ageDays: 13,
  texts: {
    en: {
      title: 'Mark price, liquidation and funding',
      summary: 'How the mark price is made, when and how a position is liquidated, what the insurance fund and auto-deleveraging do, and how funding is paid.',
      markdown: md`
## Mark price

Positions are valued at the **mark price**, not the last trade. Every second it is the median of three prices: the index adjusted by the predicted funding, the index plus a 30-second average of the contract's premium, and the last price. The index comes from the public price record, which trading on this exchange's own book cannot move. Unrealized profit and loss, the margin ratio and liquidation all use the mark.

## Liquidation

A position is liquidated when its margin plus its unrealized result falls to its **maintenance margin** (for cross positions: the account's cross cash and results against all their maintenance margins). Its orders are cancelled and the whole position is closed at its **bankruptcy price** or better. A clearance fee (1.25 % of the notional on BTC and ETH, 1.5 % on the others, never more than what the close left) goes to the **insurance fund**. If the book cannot take the position, the insurance fund covers the gap; past it, positions on the other side are **auto-deleveraged** in Binance's ranking order. The lights next to your position show where you stand in that queue.

## Funding

Every 8 hours (00:00, 08:00 and 16:00 UTC) every position pays or receives funding: size × mark price × funding rate. When the rate is positive, longs pay shorts; when it is negative, shorts pay longs. Funding passes between positions; only the rounding remainder settles with the insurance fund. The rate and a countdown to the next payment are shown at the top of the contract page.

Every mark, funding payment and liquidation is recorded, so each one can be recomputed. Operators have no command that forces a liquidation or edits a position.
`,
    },
    'zh-CN': {
      title: '标记价格、强平和资金费用',
      summary: '标记价格如何得出，仓位何时以及如何被强平，保险基金和自动减仓的作用，以及资金费用如何支付。',
      markdown: md`
## 标记价格

仓位按**标记价格**而不是最新成交价估值。标记价格每秒计算一次，取三个价格的中位数：按预测资金费率调整后的指数价格、指数价格加上合约溢价的 30 秒均值，以及最新价格。指数来自公开的价格记录，在本交易所自己的订单簿上交易无法影响它。未实现盈亏、保证金率和强平都使用标记价格。

## 强平

当仓位的保证金加上未实现盈亏跌到**维持保证金**时（全仓仓位：账户的全仓资金和盈亏对比所有全仓仓位的维持保证金），仓位会被强平。它的订单会被撤销，整个仓位以**破产价格**或更优的价格平仓。清算费（BTC 和 ETH 为名义价值的 1.25%，其他为 1.5%，且不超过平仓后剩余的部分）进入**保险基金**。如果订单簿接不住这个仓位，由保险基金弥补缺口；超出保险基金能力时，对手方的仓位会按币安的排序被**自动减仓**。仓位旁边的指示灯显示您在这个队列中的位置。

## 资金费用

每 8 小时（UTC 00:00、08:00 和 16:00），每个仓位支付或收取资金费用：仓位数量 × 标记价格 × 资金费率。费率为正时多头付给空头；为负时空头付给多头。资金费用在仓位之间转移，只有舍入的余数与保险基金结算。费率和距下次支付的倒计时显示在合约页面顶部。

每一次标记、资金费用支付和强平都有记录，因此每一笔都可以重新计算。运营者没有任何命令可以强制强平或修改仓位。
`,
    },
    'zh-TW': {
      title: '標記價格、強平和資金費用',
      summary: '標記價格如何得出，倉位何時以及如何被強平，保險基金和自動減倉的作用，以及資金費用如何支付。',
      markdown: md`
## 標記價格

倉位依**標記價格**而不是最新成交價估值。標記價格每秒計算一次，取三個價格的中位數：依預測資金費率調整後的指數價格、指數價格加上合約溢價的 30 秒均值，以及最新價格。指數來自公開的價格紀錄，在本交易所自己的訂單簿上交易無法影響它。未實現損益、保證金率和強平都使用標記價格。

## 強平

當倉位的保證金加上未實現損益跌到**維持保證金**時（全倉倉位：帳戶的全倉資金和損益對比所有全倉倉位的維持保證金），倉位會被強平。它的訂單會被取消，整個倉位以**破產價格**或更優的價格平倉。清算費（BTC 和 ETH 為名目價值的 1.25%，其他為 1.5%，且不超過平倉後剩餘的部分）進入**保險基金**。如果訂單簿接不住這個倉位，由保險基金彌補缺口；超出保險基金能力時，對手方的倉位會依幣安的排序被**自動減倉**。倉位旁邊的指示燈顯示您在這個佇列中的位置。

## 資金費用

每 8 小時（UTC 00:00、08:00 和 16:00），每個倉位支付或收取資金費用：倉位數量 × 標記價格 × 資金費率。費率為正時多頭付給空頭；為負時空頭付給多頭。資金費用在倉位之間轉移，只有捨入的餘數與保險基金結算。費率和距下次支付的倒數計時顯示在合約頁面頂部。

每一次標記、資金費用支付和強平都有紀錄，因此每一筆都可以重新計算。營運者沒有任何指令可以強制強平或修改倉位。
`,
    },
    ja: {
      title: 'マーク価格、清算、資金調達',
      summary: 'マーク価格の作り方、ポジションが清算される条件と方法、保険基金と自動デレバレッジの役割、資金調達の支払い方を説明します。',
      markdown: md`
## マーク価格

ポジションは最終約定価格ではなく**マーク価格**で評価されます。マーク価格は毎秒、次の 3 つの価格の中央値として求められます。予測資金調達率で調整した指数価格、指数価格に先物のプレミアムの 30 秒平均を加えたもの、そして最終価格です。指数は公開の価格記録から来ており、この取引所自身のオーダーブックでの取引では動かせません。含み損益、証拠金率、清算はすべてマーク価格を使います。

## 清算

ポジションの証拠金と含み損益の合計が**維持証拠金**まで下がると、ポジションは清算されます（クロスポジションでは、口座のクロス資金と損益をすべての維持証拠金と比べます）。そのポジションの注文は取り消され、ポジション全体が**破産価格**かそれより有利な価格で決済されます。清算手数料（BTC と ETH は想定元本の 1.25%、その他は 1.5%、決済後に残った額を超えない）は**保険基金**に入ります。オーダーブックが引き受けきれない場合は保険基金が差額を補い、それを超える分は反対側のポジションが Binance の順位で**自動デレバレッジ**されます。ポジションの横のランプが、その順番のどこにいるかを示します。

## 資金調達

8 時間ごと（UTC 00:00、08:00、16:00）に、すべてのポジションが資金調達料を支払うか受け取ります。数量 × マーク価格 × 資金調達率です。率がプラスならロングがショートに、マイナスならショートがロングに支払います。資金調達料はポジション間でやり取りされ、端数だけが保険基金と精算されます。率と次の支払いまでのカウントダウンは先物ページの上部に表示されます。

マーク、資金調達の支払い、清算はすべて記録されるので、どれも再計算できます。運営者には、清算を強制したりポジションを書き換えたりするコマンドはありません。
`,
    },
    th: {
      title: 'ราคามาร์ก การชำระบัญชี และการระดมทุน',
      summary: 'ราคามาร์กคำนวณอย่างไร โพซิชันถูกชำระบัญชีเมื่อใดและอย่างไร กองทุนประกันและการลดเลเวอเรจอัตโนมัติทำอะไร และการระดมทุนจ่ายอย่างไร',
      markdown: md`
## ราคามาร์ก

โพซิชันถูกประเมินมูลค่าด้วย **ราคามาร์ก** ไม่ใช่ราคาซื้อขายล่าสุด ทุกวินาทีราคามาร์กคือค่ามัธยฐานของสามราคา: ราคาดัชนีที่ปรับด้วยอัตราการระดมทุนที่คาดการณ์ ราคาดัชนีบวกค่าเฉลี่ย 30 วินาทีของส่วนต่างราคาของสัญญา และราคาล่าสุด ดัชนีมาจากบันทึกราคาสาธารณะ ซึ่งการเทรดบนสมุดคำสั่งของกระดานเทรดนี้เองไม่สามารถขยับได้ กำไรขาดทุนที่ยังไม่เกิดขึ้นจริง อัตรามาร์จิ้น และการชำระบัญชี ล้วนใช้ราคามาร์ก

## การชำระบัญชี

โพซิชันจะถูกชำระบัญชีเมื่อมาร์จิ้นบวกผลที่ยังไม่เกิดขึ้นจริงลดลงถึง **มาร์จิ้นรักษาสภาพ** (สำหรับโพซิชันแบบครอส: เงินสดครอสและผลของบัญชีเทียบกับมาร์จิ้นรักษาสภาพทั้งหมด) คำสั่งของโพซิชันจะถูกยกเลิก และโพซิชันทั้งหมดจะถูกปิดที่ **ราคาล้มละลาย** หรือดีกว่า ค่าธรรมเนียมการชำระบัญชี (1.25% ของมูลค่าสำหรับ BTC และ ETH, 1.5% สำหรับที่เหลือ และไม่เกินส่วนที่เหลือหลังปิด) เข้า **กองทุนประกัน** หากสมุดคำสั่งรับโพซิชันไม่ไหว กองทุนประกันจะชดเชยส่วนต่าง เกินจากนั้น โพซิชันฝั่งตรงข้ามจะถูก **ลดเลเวอเรจอัตโนมัติ** ตามลำดับของ Binance ไฟข้างโพซิชันของคุณแสดงว่าคุณอยู่ตรงไหนในคิวนั้น

## การระดมทุน

ทุก 8 ชั่วโมง (00:00, 08:00 และ 16:00 UTC) ทุกโพซิชันจ่ายหรือรับค่าธรรมเนียมการระดมทุน: ขนาด × ราคามาร์ก × อัตราการระดมทุน เมื่ออัตราเป็นบวก ฝั่งลองจ่ายให้ฝั่งชอร์ต เมื่อติดลบ ฝั่งชอร์ตจ่ายให้ฝั่งลอง การระดมทุนส่งผ่านระหว่างโพซิชัน มีเพียงเศษจากการปัดที่ชำระกับกองทุนประกัน อัตราและเวลานับถอยหลังถึงการจ่ายครั้งถัดไปแสดงอยู่ด้านบนของหน้าสัญญา

ทุกราคามาร์ก การจ่ายค่าระดมทุน และการชำระบัญชีถูกบันทึกไว้ จึงคำนวณใหม่ได้ทุกครั้ง ผู้ดูแลไม่มีคำสั่งใดที่บังคับชำระบัญชีหรือแก้ไขโพซิชันได้
`,
    },
    ko: {
      title: '마크 가격, 청산, 펀딩',
      summary: '마크 가격을 만드는 방법, 포지션이 언제 어떻게 청산되는지, 보험 기금과 자동 디레버리징의 역할, 펀딩이 어떻게 지급되는지 안내합니다.',
      markdown: md`
## 마크 가격

포지션은 최종 체결가가 아니라 **마크 가격**으로 평가됩니다. 마크 가격은 매초 세 가격의 중앙값입니다. 예상 펀딩으로 조정한 지수 가격, 지수 가격에 계약 프리미엄의 30초 평균을 더한 값, 그리고 최종 가격입니다. 지수는 공개 가격 기록에서 오며, 이 거래소 자체 호가창에서의 거래로는 움직일 수 없습니다. 미실현 손익, 증거금 비율, 청산은 모두 마크 가격을 씁니다.

## 청산

포지션의 증거금과 미실현 손익의 합이 **유지 증거금**까지 떨어지면 청산됩니다(교차 포지션은 계정의 교차 현금과 손익을 모든 유지 증거금과 비교합니다). 포지션의 주문은 취소되고, 포지션 전체가 **파산 가격** 또는 그보다 좋은 가격에 종료됩니다. 청산 수수료(BTC와 ETH는 명목 가치의 1.25%, 나머지는 1.5%, 종료 후 남은 금액을 넘지 않음)는 **보험 기금**으로 갑니다. 호가창이 포지션을 받아 내지 못하면 보험 기금이 부족분을 메우고, 그것을 넘으면 반대편 포지션이 Binance의 순위대로 **자동 디레버리징**됩니다. 포지션 옆의 표시등이 그 대기열에서 당신의 위치를 보여 줍니다.

## 펀딩

8시간마다(UTC 00:00, 08:00, 16:00) 모든 포지션이 펀딩을 내거나 받습니다. 수량 × 마크 가격 × 펀딩 비율입니다. 비율이 양수면 롱이 숏에게, 음수면 숏이 롱에게 냅니다. 펀딩은 포지션 사이에서 오가며, 반올림 나머지만 보험 기금과 정산됩니다. 비율과 다음 지급까지의 카운트다운은 선물 페이지 상단에 표시됩니다.

모든 마크, 펀딩 지급, 청산이 기록되므로 하나하나 다시 계산할 수 있습니다. 운영자에게는 청산을 강제하거나 포지션을 고치는 명령이 없습니다.
`,
    },
    es: {
      title: 'Precio de marca, liquidación y financiación',
      summary: 'Cómo se forma el precio de marca, cuándo y cómo se liquida una posición, qué hacen el fondo de seguro y el desapalancamiento automático, y cómo se paga la financiación.',
      markdown: md`
## Precio de marca

Las posiciones se valoran al **precio de marca**, no al último precio negociado. Cada segundo es la mediana de tres precios: el índice ajustado por la financiación prevista, el índice más una media de 30 segundos de la prima del contrato, y el último precio. El índice viene del registro público de precios, que el trading en el propio libro de este exchange no puede mover. El resultado no realizado, el ratio de margen y la liquidación usan todos el precio de marca.

## Liquidación

Una posición se liquida cuando su margen más su resultado no realizado cae hasta su **margen de mantenimiento** (en posiciones cruzadas: el efectivo cruzado y los resultados de la cuenta frente a todos sus márgenes de mantenimiento). Sus órdenes se cancelan y toda la posición se cierra a su **precio de quiebra** o mejor. Una comisión de liquidación (1,25 % del nocional en BTC y ETH, 1,5 % en los demás, nunca más de lo que dejó el cierre) va al **fondo de seguro**. Si el libro no puede absorber la posición, el fondo de seguro cubre la diferencia; más allá, las posiciones del otro lado se **desapalancan automáticamente** en el orden de Binance. Las luces junto a tu posición muestran tu lugar en esa cola.

## Financiación

Cada 8 horas (00:00, 08:00 y 16:00 UTC) cada posición paga o recibe financiación: tamaño × precio de marca × tasa de financiación. Con la tasa positiva, los largos pagan a los cortos; con la tasa negativa, los cortos pagan a los largos. La financiación pasa entre posiciones; solo el resto del redondeo se liquida con el fondo de seguro. La tasa y la cuenta atrás al próximo pago se muestran en la parte superior de la página de contratos.

Cada marca, pago de financiación y liquidación queda registrado, así que cada uno puede recalcularse. Los operadores no tienen ningún comando que fuerce una liquidación o modifique una posición.
`,
    },
    it: {
      title: 'Prezzo mark, liquidazione e funding',
      summary: "Come si forma il prezzo mark, quando e come una posizione viene liquidata, cosa fanno il fondo assicurativo e l'auto-deleveraging, e come si paga il funding.",
      markdown: md`
## Prezzo mark

Le posizioni sono valutate al **prezzo mark**, non all'ultimo scambio. Ogni secondo è la mediana di tre prezzi: l'indice corretto per il funding previsto, l'indice più una media di 30 secondi del premio del contratto, e l'ultimo prezzo. L'indice viene dal registro pubblico dei prezzi, che il trading sul book di questo exchange non può muovere. Il risultato non realizzato, il rapporto di margine e la liquidazione usano tutti il prezzo mark.

## Liquidazione

Una posizione viene liquidata quando il suo margine più il risultato non realizzato scende al **margine di mantenimento** (per le posizioni incrociate: la liquidità incrociata e i risultati del conto contro tutti i loro margini di mantenimento). I suoi ordini vengono annullati e l'intera posizione viene chiusa al **prezzo di fallimento** o meglio. Una commissione di liquidazione (1,25 % del nozionale su BTC ed ETH, 1,5 % sugli altri, mai più di quanto la chiusura ha lasciato) va al **fondo assicurativo**. Se il book non riesce ad assorbire la posizione, il fondo assicurativo copre la differenza; oltre, le posizioni del lato opposto vengono sottoposte ad **auto-deleveraging** nell'ordine di Binance. Le spie accanto alla tua posizione mostrano il tuo posto in quella coda.

## Funding

Ogni 8 ore (00:00, 08:00 e 16:00 UTC) ogni posizione paga o riceve il funding: dimensione × prezzo mark × tasso di funding. Con tasso positivo i long pagano gli short; con tasso negativo gli short pagano i long. Il funding passa tra le posizioni; solo il resto dell'arrotondamento si regola con il fondo assicurativo. Il tasso e il conto alla rovescia al prossimo pagamento sono in cima alla pagina dei contratti.

Ogni mark, pagamento di funding e liquidazione viene registrato, quindi ognuno può essere ricalcolato. Gli operatori non hanno alcun comando che forzi una liquidazione o modifichi una posizione.
`,
    },
    pt: {
      title: 'Preço de marcação, liquidação e financiamento',
      summary: 'Como o preço de marcação é formado, quando e como uma posição é liquidada, o que fazem o fundo de seguro e a desalavancagem automática, e como o financiamento é pago.',
      markdown: md`
## Preço de marcação

As posições são avaliadas pelo **preço de marcação**, não pela última negociação. A cada segundo ele é a mediana de três preços: o índice ajustado pelo financiamento previsto, o índice mais uma média de 30 segundos do prêmio do contrato, e o último preço. O índice vem do registro público de preços, que a negociação no próprio livro desta exchange não consegue mover. O resultado não realizado, o índice de margem e a liquidação usam o preço de marcação.

## Liquidação

Uma posição é liquidada quando a margem mais o resultado não realizado cai até a **margem de manutenção** (em posições cruzadas: o dinheiro cruzado e os resultados da conta contra todas as margens de manutenção). As ordens dela são canceladas e a posição inteira é fechada no **preço de falência** ou melhor. Uma taxa de liquidação (1,25% do valor nocional em BTC e ETH, 1,5% nos demais, nunca mais do que o fechamento deixou) vai para o **fundo de seguro**. Se o livro não absorver a posição, o fundo de seguro cobre a diferença; além disso, as posições do outro lado sofrem **desalavancagem automática** na ordem da Binance. As luzes ao lado da sua posição mostram seu lugar nessa fila.

## Financiamento

A cada 8 horas (00:00, 08:00 e 16:00 UTC) cada posição paga ou recebe financiamento: tamanho × preço de marcação × taxa de financiamento. Com a taxa positiva, as compradas pagam às vendidas; com a taxa negativa, as vendidas pagam às compradas. O financiamento passa entre posições; só o resto do arredondamento é acertado com o fundo de seguro. A taxa e a contagem regressiva até o próximo pagamento aparecem no topo da página de contratos.

Cada marcação, pagamento de financiamento e liquidação é registrado, então cada um pode ser recalculado. Os operadores não têm nenhum comando que force uma liquidação ou altere uma posição.
`,
    },
  },
};

export const HELP_PERPETUAL: readonly DemoArticle[] = [MARGIN, LIQUIDATION];
