// The demo's announcements: the launch (pinned), the perpetuals, the proof of liabilities and the quantitative bots.

import { md, type DemoArticle } from './types.ts';

const WELCOME: DemoArticle = {
  seedKey: 'announcement.welcome',
  kind: 'announcement',
  pinned: true,
  ageDays: 20,
  texts: {
    en: {
      title: 'Welcome to the OpenEx demo exchange',
      summary: 'A live demo of OpenEx, an open-source exchange: real matching, a real ledger and test-network coins. What you can try, and what to keep in mind.',
      markdown: md`
This site runs **OpenEx**, an open-source digital-asset exchange, as a demo. What you see is real software doing real work: orders are matched on a real order book, every balance change is written to a double-entry ledger, and prices come from a public, hash-chained record. What is simulated is the market around it: a seeded simulator moves the index prices of twelve coins against USDT, and a market-maker bot keeps the order books liquid.

## What you can try

- **Spot trading** on [the trading terminal](/currencyTransaction): limit, market and conditional orders, and two quantitative bots.
- **Perpetual contracts** and **seconds contracts** on [the contract page](/contractTransaction).
- **Wealth products and mining pools** on [the earn page](/defiFinancial).
- **Deposits, withdrawals and transfers** between your five accounts from [My assets](/myassets).

## Keep in mind

- Coins in this demo live on a test network and have no value. The operator of the demo decides how test coins are handed out.
- Trading can lose money, here as anywhere: nothing on this site promises a profit.
- The operator may reset the demo at any time, which erases accounts and balances.

The [help centre](/helpCenter) explains each part, and [feedback](/feedback) reaches the operator.
`,
    },
    'zh-CN': {
      title: '欢迎来到 OpenEx 演示交易所',
      summary: '这是开源交易所 OpenEx 的在线演示：真实的撮合、真实的账本和测试网络上的币。这里介绍可以体验的功能和需要注意的事项。',
      markdown: md`
本站以演示方式运行开源数字资产交易所 **OpenEx**。您看到的是真实运行的软件：订单在真实的订单簿上撮合，每一笔余额变动都写入复式记账账本，价格来自公开的哈希链记录。模拟的只是周围的市场：一个带固定种子的模拟器驱动十二种币对 USDT 的指数价格，一个做市机器人为订单簿提供流动性。

## 可以体验什么

- 在[交易终端](/currencyTransaction)进行**现货交易**：限价单、市价单和条件单，以及两种量化机器人。
- 在[合约页面](/contractTransaction)交易**永续合约**和**秒合约**。
- 在[理财页面](/defiFinancial)购买**理财产品和矿池**。
- 在[我的资产](/myassets)进行**充值、提币**以及五个账户之间的**划转**。

## 请注意

- 本演示中的币位于测试网络上，没有任何价值。测试币如何发放由演示的运营者决定。
- 交易可能亏损，这里和任何地方都一样：本站没有任何内容承诺盈利。
- 运营者可能随时重置演示，届时账户和余额都会被清除。

[帮助中心](/helpCenter)介绍了各项功能，通过[意见反馈](/feedback)可以联系运营者。
`,
    },
    'zh-TW': {
      title: '歡迎來到 OpenEx 示範交易所',
      summary: '這是開源交易所 OpenEx 的線上示範：真實的撮合、真實的帳本和測試網路上的幣。這裡介紹可以體驗的功能和需要注意的事項。',
      markdown: md`
本站以示範方式運行開源數位資產交易所 **OpenEx**。您看到的是真實運作的軟體：訂單在真實的訂單簿上撮合，每一筆餘額變動都寫入複式記帳帳本，價格來自公開的雜湊鏈紀錄。模擬的只是周圍的市場：一個帶固定種子的模擬器驅動十二種幣對 USDT 的指數價格，一個造市機器人為訂單簿提供流動性。

## 可以體驗什麼

- 在[交易終端](/currencyTransaction)進行**現貨交易**：限價單、市價單和條件單，以及兩種量化機器人。
- 在[合約頁面](/contractTransaction)交易**永續合約**和**秒合約**。
- 在[理財頁面](/defiFinancial)購買**理財產品和礦池**。
- 在[我的資產](/myassets)進行**充值、提幣**以及五個帳戶之間的**劃轉**。

## 請注意

- 本示範中的幣位於測試網路上，沒有任何價值。測試幣如何發放由示範的營運者決定。
- 交易可能虧損，這裡和任何地方都一樣：本站沒有任何內容承諾獲利。
- 營運者可能隨時重設示範，屆時帳戶和餘額都會被清除。

[幫助中心](/helpCenter)介紹了各項功能，透過[意見回饋](/feedback)可以聯絡營運者。
`,
    },
    ja: {
      title: 'OpenEx デモ取引所へようこそ',
      summary: 'オープンソースの取引所 OpenEx のライブデモです。本物のマッチング、本物の台帳、テストネットワークのコイン。試せることと注意点をまとめました。',
      markdown: md`
このサイトはオープンソースの暗号資産取引所 **OpenEx** をデモとして運用しています。ご覧いただくのは実際に動いているソフトウェアです。注文は本物のオーダーブックで約定し、残高の変化はすべて複式簿記の台帳に書き込まれ、価格は公開されたハッシュチェーンの記録から来ています。シミュレーションされているのは周りの市場だけで、シード付きのシミュレーターが 12 種類のコインの対 USDT 指数価格を動かし、マーケットメイカーのボットがオーダーブックに流動性を供給しています。

## 試せること

- [取引ターミナル](/currencyTransaction)での**現物取引**：指値・成行・条件付き注文と、2 種類のクオンツボット。
- [先物ページ](/contractTransaction)での**無期限先物**と**秒先物**。
- [資産運用ページ](/defiFinancial)での**資産運用商品とマイニングプール**。
- [マイ資産](/myassets)からの**入金・出金**と、5 つの口座間の**振替**。

## ご注意ください

- このデモのコインはテストネットワーク上にあり、価値はありません。テストコインの配布方法はデモの運営者が決めます。
- 取引では損失が出ることがあります。ここでも他の場所でも同じです。このサイトのどこにも利益の約束はありません。
- 運営者はいつでもデモをリセットでき、その場合アカウントと残高は消去されます。

各機能の説明は[ヘルプセンター](/helpCenter)にあり、[フィードバック](/feedback)から運営者に連絡できます。
`,
    },
    th: {
      title: 'ยินดีต้อนรับสู่กระดานเทรดสาธิต OpenEx',
      summary: 'การสาธิตสดของ OpenEx กระดานเทรดโอเพนซอร์ส: การจับคู่คำสั่งจริง บัญชีแยกประเภทจริง และเหรียญบนเครือข่ายทดสอบ สิ่งที่ลองได้และสิ่งที่ควรรู้',
      markdown: md`
เว็บไซต์นี้รัน **OpenEx** กระดานเทรดสินทรัพย์ดิจิทัลแบบโอเพนซอร์สในโหมดสาธิต สิ่งที่คุณเห็นคือซอฟต์แวร์จริงที่ทำงานจริง: คำสั่งซื้อขายถูกจับคู่บนสมุดคำสั่งจริง ทุกการเปลี่ยนแปลงของยอดคงเหลือถูกบันทึกลงบัญชีแยกประเภทแบบบัญชีคู่ และราคามาจากบันทึกสาธารณะที่เชื่อมกันด้วยแฮช ส่วนที่จำลองขึ้นมีเพียงตลาดรอบ ๆ: ตัวจำลองที่มีค่าเมล็ดตายตัวขยับราคาดัชนีของเหรียญสิบสองชนิดเทียบกับ USDT และบอทผู้สร้างสภาพคล่องคอยดูแลให้สมุดคำสั่งมีสภาพคล่อง

## สิ่งที่ลองได้

- **การเทรดสปอต** บน[เทอร์มินัลเทรด](/currencyTransaction): คำสั่งลิมิต คำสั่งมาร์เก็ต คำสั่งแบบมีเงื่อนไข และบอทเทรดเชิงปริมาณสองแบบ
- **สัญญาไม่มีวันหมดอายุ** และ **สัญญาวินาที** บน[หน้าสัญญา](/contractTransaction)
- **ผลิตภัณฑ์การลงทุนและพูลขุด** บน[หน้าการลงทุน](/defiFinancial)
- **การฝาก การถอน และการโอน** ระหว่างบัญชีทั้งห้าของคุณจาก[สินทรัพย์ของฉัน](/myassets)

## สิ่งที่ควรรู้

- เหรียญในการสาธิตนี้อยู่บนเครือข่ายทดสอบและไม่มีมูลค่า ผู้ดูแลการสาธิตเป็นผู้กำหนดวิธีแจกเหรียญทดสอบ
- การเทรดอาจขาดทุนได้ ที่นี่ก็เหมือนที่อื่น: ไม่มีสิ่งใดในเว็บไซต์นี้สัญญาว่าจะได้กำไร
- ผู้ดูแลอาจรีเซ็ตการสาธิตได้ทุกเมื่อ ซึ่งจะลบบัญชีและยอดคงเหลือทั้งหมด

[ศูนย์ช่วยเหลือ](/helpCenter)อธิบายแต่ละส่วน และ[ข้อเสนอแนะ](/feedback)จะส่งถึงผู้ดูแล
`,
    },
    ko: {
      title: 'OpenEx 데모 거래소에 오신 것을 환영합니다',
      summary: '오픈소스 거래소 OpenEx의 라이브 데모입니다. 실제 매칭, 실제 원장, 테스트 네트워크의 코인. 무엇을 해 볼 수 있는지, 무엇을 알아 두어야 하는지 안내합니다.',
      markdown: md`
이 사이트는 오픈소스 디지털 자산 거래소 **OpenEx**를 데모로 운영합니다. 보시는 것은 실제로 일하는 실제 소프트웨어입니다. 주문은 실제 호가창에서 체결되고, 모든 잔액 변화는 복식부기 원장에 기록되며, 가격은 공개된 해시 체인 기록에서 나옵니다. 시뮬레이션되는 것은 주변 시장뿐입니다. 고정 시드의 시뮬레이터가 12개 코인의 USDT 대비 지수 가격을 움직이고, 마켓 메이커 봇이 호가창에 유동성을 공급합니다.

## 해 볼 수 있는 것

- [거래 터미널](/currencyTransaction)에서 **현물 거래**: 지정가, 시장가, 조건부 주문과 두 가지 퀀트 봇.
- [선물 페이지](/contractTransaction)에서 **무기한 선물**과 **초 단위 선물**.
- [자산 운용 페이지](/defiFinancial)에서 **자산 운용 상품과 마이닝 풀**.
- [내 자산](/myassets)에서 **입금, 출금**과 다섯 계정 간 **이체**.

## 알아 두세요

- 이 데모의 코인은 테스트 네트워크에 있으며 가치가 없습니다. 테스트 코인을 어떻게 나눠 줄지는 데모 운영자가 정합니다.
- 거래는 손실을 낼 수 있습니다. 여기서도 다른 곳에서도 마찬가지입니다. 이 사이트의 어떤 내용도 수익을 약속하지 않습니다.
- 운영자는 언제든 데모를 초기화할 수 있으며, 그러면 계정과 잔액이 지워집니다.

[고객센터](/helpCenter)에서 각 기능을 설명하며, [의견 보내기](/feedback)로 운영자에게 연락할 수 있습니다.
`,
    },
    es: {
      title: 'Bienvenido al exchange de demostración OpenEx',
      summary: 'Una demo en vivo de OpenEx, un exchange de código abierto: emparejamiento real, un libro contable real y monedas de red de pruebas. Qué puedes probar y qué tener en cuenta.',
      markdown: md`
Este sitio ejecuta **OpenEx**, un exchange de activos digitales de código abierto, como demostración. Lo que ves es software real haciendo un trabajo real: las órdenes se emparejan en un libro de órdenes real, cada cambio de saldo se escribe en un libro contable de partida doble y los precios vienen de un registro público encadenado por hashes. Lo simulado es el mercado a su alrededor: un simulador con semilla fija mueve los precios índice de doce monedas frente a USDT, y un bot creador de mercado mantiene la liquidez de los libros de órdenes.

## Qué puedes probar

- **Trading spot** en [el terminal de trading](/currencyTransaction): órdenes límite, de mercado y condicionales, y dos bots cuantitativos.
- **Contratos perpetuos** y **contratos por segundos** en [la página de contratos](/contractTransaction).
- **Productos de inversión y pools de minería** en [la página de inversión](/defiFinancial).
- **Depósitos, retiros y transferencias** entre tus cinco cuentas desde [Mis activos](/myassets).

## Ten en cuenta

- Las monedas de esta demo están en una red de pruebas y no tienen valor. El operador de la demo decide cómo se reparten las monedas de prueba.
- Operar puede hacerte perder dinero, aquí como en cualquier lugar: nada en este sitio promete beneficios.
- El operador puede reiniciar la demo en cualquier momento, lo que borra cuentas y saldos.

El [centro de ayuda](/helpCenter) explica cada parte, y los [comentarios](/feedback) llegan al operador.
`,
    },
    it: {
      title: "Benvenuto nell'exchange dimostrativo OpenEx",
      summary: "Una demo dal vivo di OpenEx, un exchange open source: abbinamento reale, un registro contabile reale e monete di rete di test. Cosa provare e cosa tenere a mente.",
      markdown: md`
Questo sito esegue **OpenEx**, un exchange di asset digitali open source, come dimostrazione. Ciò che vedi è software reale che fa un lavoro reale: gli ordini vengono abbinati su un vero order book, ogni variazione di saldo è scritta in un registro a partita doppia e i prezzi provengono da un registro pubblico concatenato da hash. A essere simulato è il mercato attorno: un simulatore con seme fisso muove i prezzi indice di dodici monete contro USDT e un bot market maker mantiene liquidi gli order book.

## Cosa puoi provare

- **Trading spot** sul [terminale di trading](/currencyTransaction): ordini limite, a mercato e condizionali, e due bot quantitativi.
- **Contratti perpetui** e **contratti a secondi** sulla [pagina dei contratti](/contractTransaction).
- **Prodotti di rendimento e pool di mining** sulla [pagina dei rendimenti](/defiFinancial).
- **Depositi, prelievi e trasferimenti** tra i tuoi cinque conti da [I miei asset](/myassets).

## Da tenere a mente

- Le monete di questa demo sono su una rete di test e non hanno valore. L'operatore della demo decide come distribuire le monete di test.
- Fare trading può far perdere denaro, qui come ovunque: nulla su questo sito promette un profitto.
- L'operatore può azzerare la demo in qualsiasi momento, cancellando account e saldi.

Il [centro assistenza](/helpCenter) spiega ogni parte e il [feedback](/feedback) arriva all'operatore.
`,
    },
    pt: {
      title: 'Bem-vindo à exchange de demonstração OpenEx',
      summary: 'Uma demonstração ao vivo da OpenEx, uma exchange de código aberto: casamento de ordens real, livro contábil real e moedas de rede de teste. O que testar e o que ter em mente.',
      markdown: md`
Este site executa a **OpenEx**, uma exchange de ativos digitais de código aberto, como demonstração. O que você vê é software real fazendo trabalho real: as ordens são casadas em um livro de ordens real, cada mudança de saldo é gravada em um livro contábil de partidas dobradas e os preços vêm de um registro público encadeado por hashes. O que é simulado é o mercado ao redor: um simulador com semente fixa move os preços de índice de doze moedas contra USDT, e um bot formador de mercado mantém os livros de ordens com liquidez.

## O que você pode testar

- **Negociação spot** no [terminal de negociação](/currencyTransaction): ordens limitadas, a mercado e condicionais, e dois bots quantitativos.
- **Contratos perpétuos** e **contratos por segundos** na [página de contratos](/contractTransaction).
- **Produtos de investimento e pools de mineração** na [página de investimentos](/defiFinancial).
- **Depósitos, saques e transferências** entre suas cinco contas em [Meus ativos](/myassets).

## Tenha em mente

- As moedas desta demonstração estão em uma rede de teste e não têm valor. O operador da demonstração decide como as moedas de teste são distribuídas.
- Negociar pode dar prejuízo, aqui como em qualquer lugar: nada neste site promete lucro.
- O operador pode reiniciar a demonstração a qualquer momento, apagando contas e saldos.

A [central de ajuda](/helpCenter) explica cada parte, e o [feedback](/feedback) chega ao operador.
`,
    },
  },
};

const PERPETUALS: DemoArticle = {
  seedKey: 'announcement.perpetuals',
  kind: 'announcement',
  ageDays: 13,
  texts: {
    en: {
      title: "Perpetual contracts are live, on Binance's formulas",
      summary: 'USDT-margined perpetuals for every USDT market: cross or isolated margin, up to 125× on BTC, funding every 8 hours, and Binance\'s published formulas.',
      markdown: md`
Every spot market quoted in USDT now has a **linear USDT-margined perpetual contract**, on the same tick and lot size. Trade them on [the contract page](/contractTransaction) after moving USDT into your contract account.

## What you get

- **One-way positions** with **cross** or **isolated** margin, chosen per market.
- **Leverage** from 1× up to the market's first bracket: BTC 125×, ETH 100×, SOL, BNB, XRP and DOGE 75×, the others 50×. Larger positions fall into higher brackets with a lower maximum.
- **Orders**: limit (GTC, IOC, FOK, post-only), market, stop and take-profit orders triggered by the mark or the last price, reduce-only, and a take-profit and stop-loss on a position.
- **Funding every 8 hours** (00:00, 08:00 and 16:00 UTC), paid between longs and shorts.

## The same formulas as Binance

Maintenance margin, liquidation price, bankruptcy price, mark price, funding rate and the auto-deleveraging ranking follow Binance's published formulas, and Binance's own published examples run as tests. The order form shows the cost and the estimated liquidation price before you send, computed by the same code the engine uses, so the screen and the server agree to the last digit.

Leverage multiplies losses as much as gains: a position can be liquidated and its margin lost. Read [the help centre](/helpCenter) before you trade.
`,
    },
    'zh-CN': {
      title: '永续合约上线，采用币安的公式',
      summary: '每个 USDT 市场都有 USDT 保证金永续合约：全仓或逐仓，BTC 最高 125 倍杠杆，每 8 小时结算资金费率，采用币安公开的公式。',
      markdown: md`
每个以 USDT 计价的现货市场现在都有一个**线性 USDT 保证金永续合约**，价格步长和数量单位与现货相同。把 USDT 划转到合约账户后，即可在[合约页面](/contractTransaction)交易。

## 功能

- **单向持仓**，每个市场可选**全仓**或**逐仓**保证金。
- **杠杆**从 1 倍到该市场第一档的上限：BTC 125 倍，ETH 100 倍，SOL、BNB、XRP 和 DOGE 75 倍，其余 50 倍。仓位越大，所在档位越高，最高杠杆越低。
- **订单**：限价（GTC、IOC、FOK、只做挂单）、市价、按标记价格或最新价格触发的止损单和止盈单、只减仓，以及仓位的止盈止损。
- **每 8 小时结算一次资金费用**（UTC 00:00、08:00 和 16:00），在多头和空头之间支付。

## 与币安相同的公式

维持保证金、强平价格、破产价格、标记价格、资金费率和自动减仓排序都遵循币安公开的公式，币安自己公布的示例作为测试运行。下单前，表单会显示成本和预估强平价格，由与撮合引擎相同的代码计算，因此屏幕和服务器的结果精确到最后一位。

杠杆放大收益，也同样放大亏损：仓位可能被强平，保证金可能全部损失。交易前请阅读[帮助中心](/helpCenter)。
`,
    },
    'zh-TW': {
      title: '永續合約上線，採用幣安的公式',
      summary: '每個 USDT 市場都有 USDT 保證金永續合約：全倉或逐倉，BTC 最高 125 倍槓桿，每 8 小時結算資金費率，採用幣安公開的公式。',
      markdown: md`
每個以 USDT 計價的現貨市場現在都有一個**線性 USDT 保證金永續合約**，價格跳動單位和數量單位與現貨相同。把 USDT 劃轉到合約帳戶後，即可在[合約頁面](/contractTransaction)交易。

## 功能

- **單向持倉**，每個市場可選**全倉**或**逐倉**保證金。
- **槓桿**從 1 倍到該市場第一檔的上限：BTC 125 倍，ETH 100 倍，SOL、BNB、XRP 和 DOGE 75 倍，其餘 50 倍。倉位越大，所在檔位越高，最高槓桿越低。
- **訂單**：限價（GTC、IOC、FOK、只做掛單）、市價、依標記價格或最新價格觸發的停損單和停利單、只減倉，以及倉位的停利停損。
- **每 8 小時結算一次資金費用**（UTC 00:00、08:00 和 16:00），在多頭和空頭之間支付。

## 與幣安相同的公式

維持保證金、強平價格、破產價格、標記價格、資金費率和自動減倉排序都遵循幣安公開的公式，幣安自己公布的範例作為測試執行。下單前，表單會顯示成本和預估強平價格，由與撮合引擎相同的程式碼計算，因此畫面和伺服器的結果精確到最後一位。

槓桿放大收益，也同樣放大虧損：倉位可能被強平，保證金可能全部損失。交易前請閱讀[幫助中心](/helpCenter)。
`,
    },
    ja: {
      title: '無期限先物の取扱い開始：Binance の計算式を採用',
      summary: 'すべての USDT 市場に USDT 証拠金の無期限先物。クロスまたは分離マージン、BTC は最大 125 倍、8 時間ごとの資金調達、Binance 公開の計算式。',
      markdown: md`
USDT 建てのすべての現物市場に、同じティックとロットサイズの**リニア型 USDT 証拠金無期限先物**ができました。USDT を先物口座に振り替えてから、[先物ページ](/contractTransaction)で取引できます。

## できること

- 市場ごとに**クロス**または**分離**マージンを選べる**片方向ポジション**。
- **レバレッジ**は 1 倍から市場の第 1 ブラケットの上限まで：BTC 125 倍、ETH 100 倍、SOL・BNB・XRP・DOGE 75 倍、その他 50 倍。ポジションが大きくなると上位ブラケットに入り、上限は下がります。
- **注文**：指値（GTC、IOC、FOK、ポストオンリー）、成行、マーク価格または最終価格で発動するストップ注文とテイクプロフィット注文、リデュースオンリー、ポジションへの利確・損切り設定。
- **8 時間ごとの資金調達**（UTC 00:00、08:00、16:00）、ロングとショートの間で支払われます。

## Binance と同じ計算式

維持証拠金、清算価格、破産価格、マーク価格、資金調達率、自動デレバレッジの順位は Binance が公開している計算式に従い、Binance 自身が公開した計算例をテストとして実行しています。注文フォームは送信前にコストと推定清算価格を表示します。これはエンジンと同じコードで計算されるので、画面とサーバーの結果は最後の桁まで一致します。

レバレッジは利益と同じだけ損失も拡大します。ポジションは清算され、証拠金を失うことがあります。取引の前に[ヘルプセンター](/helpCenter)をお読みください。
`,
    },
    th: {
      title: 'สัญญาไม่มีวันหมดอายุเปิดแล้ว ใช้สูตรของ Binance',
      summary: 'สัญญาไม่มีวันหมดอายุที่ใช้ USDT เป็นหลักประกันสำหรับทุกตลาด USDT: มาร์จิ้นแบบครอสหรือแยก สูงสุด 125 เท่าสำหรับ BTC ค่าธรรมเนียมการระดมทุนทุก 8 ชั่วโมง ตามสูตรที่ Binance เผยแพร่',
      markdown: md`
ตลาดสปอตทุกตลาดที่เสนอราคาเป็น USDT ตอนนี้มี **สัญญาไม่มีวันหมดอายุแบบเชิงเส้นที่ใช้ USDT เป็นหลักประกัน** โดยใช้ขนาดช่วงราคาและขนาดล็อตเดียวกัน เทรดได้บน[หน้าสัญญา](/contractTransaction)หลังจากโอน USDT เข้าบัญชีสัญญาของคุณ

## สิ่งที่คุณได้

- **โพซิชันทางเดียว** พร้อมมาร์จิ้นแบบ **ครอส** หรือ **แยก** เลือกได้ในแต่ละตลาด
- **เลเวอเรจ** ตั้งแต่ 1 เท่าจนถึงขั้นแรกของตลาด: BTC 125 เท่า ETH 100 เท่า SOL, BNB, XRP และ DOGE 75 เท่า ที่เหลือ 50 เท่า โพซิชันที่ใหญ่ขึ้นจะอยู่ในขั้นที่สูงขึ้นซึ่งมีเลเวอเรจสูงสุดต่ำลง
- **คำสั่ง**: ลิมิต (GTC, IOC, FOK, โพสต์อย่างเดียว) มาร์เก็ต คำสั่งหยุดขาดทุนและทำกำไรที่ทำงานตามราคามาร์กหรือราคาล่าสุด คำสั่งลดโพซิชันเท่านั้น และการตั้งทำกำไรและหยุดขาดทุนให้โพซิชัน
- **ค่าธรรมเนียมการระดมทุนทุก 8 ชั่วโมง** (00:00, 08:00 และ 16:00 UTC) จ่ายกันระหว่างฝั่งลองและฝั่งชอร์ต

## สูตรเดียวกับ Binance

มาร์จิ้นรักษาสภาพ ราคาชำระบัญชี ราคาล้มละลาย ราคามาร์ก อัตราการระดมทุน และลำดับการลดเลเวอเรจอัตโนมัติ เป็นไปตามสูตรที่ Binance เผยแพร่ และตัวอย่างที่ Binance เผยแพร่เองถูกรันเป็นการทดสอบ แบบฟอร์มคำสั่งแสดงต้นทุนและราคาชำระบัญชีโดยประมาณก่อนส่ง คำนวณด้วยโค้ดเดียวกับที่เอนจินใช้ หน้าจอกับเซิร์ฟเวอร์จึงตรงกันถึงหลักสุดท้าย

เลเวอเรจขยายการขาดทุนได้มากเท่ากับกำไร: โพซิชันอาจถูกชำระบัญชีและสูญเสียมาร์จิ้น โปรดอ่าน[ศูนย์ช่วยเหลือ](/helpCenter)ก่อนเทรด
`,
    },
    ko: {
      title: '무기한 선물 오픈, Binance의 공식 적용',
      summary: '모든 USDT 마켓에 USDT 증거금 무기한 선물: 교차 또는 격리 마진, BTC 최대 125배, 8시간마다 펀딩, Binance가 공개한 공식.',
      markdown: md`
USDT로 호가되는 모든 현물 마켓에 이제 같은 틱과 로트 크기의 **선형 USDT 증거금 무기한 선물**이 있습니다. 선물 계정으로 USDT를 이체한 뒤 [선물 페이지](/contractTransaction)에서 거래하세요.

## 제공 기능

- 마켓별로 **교차** 또는 **격리** 마진을 고르는 **단방향 포지션**.
- **레버리지**는 1배부터 마켓의 첫 구간 상한까지: BTC 125배, ETH 100배, SOL·BNB·XRP·DOGE 75배, 나머지 50배. 포지션이 커지면 더 높은 구간에 들어가 최대 레버리지가 낮아집니다.
- **주문**: 지정가(GTC, IOC, FOK, 포스트 온리), 시장가, 마크 가격 또는 최종 가격으로 발동하는 스톱 주문과 이익 실현 주문, 감소 전용, 포지션의 이익 실현·손절 설정.
- **8시간마다 펀딩**(UTC 00:00, 08:00, 16:00), 롱과 숏 사이에서 지급됩니다.

## Binance와 같은 공식

유지 증거금, 청산 가격, 파산 가격, 마크 가격, 펀딩 비율, 자동 디레버리징 순위는 Binance가 공개한 공식을 따르며, Binance가 직접 공개한 예시가 테스트로 실행됩니다. 주문 양식은 보내기 전에 비용과 예상 청산 가격을 보여 주며, 엔진과 같은 코드로 계산하므로 화면과 서버가 마지막 자리까지 일치합니다.

레버리지는 이익만큼 손실도 키웁니다. 포지션이 청산되어 증거금을 잃을 수 있습니다. 거래 전에 [고객센터](/helpCenter)를 읽어 보세요.
`,
    },
    es: {
      title: 'Los contratos perpetuos ya están disponibles, con las fórmulas de Binance',
      summary: 'Perpetuos con margen en USDT para cada mercado USDT: margen cruzado o aislado, hasta 125× en BTC, financiación cada 8 horas y las fórmulas publicadas por Binance.',
      markdown: md`
Cada mercado spot cotizado en USDT tiene ahora un **contrato perpetuo lineal con margen en USDT**, con el mismo tick y tamaño de lote. Opera con ellos en [la página de contratos](/contractTransaction) después de pasar USDT a tu cuenta de contratos.

## Qué incluye

- **Posiciones en un solo sentido** con margen **cruzado** o **aislado**, elegido por mercado.
- **Apalancamiento** desde 1× hasta el primer tramo del mercado: BTC 125×, ETH 100×, SOL, BNB, XRP y DOGE 75×, los demás 50×. Las posiciones más grandes caen en tramos superiores con un máximo menor.
- **Órdenes**: límite (GTC, IOC, FOK, solo maker), de mercado, stop y take-profit activadas por el precio de marca o el último precio, solo reducir, y take-profit y stop-loss sobre una posición.
- **Financiación cada 8 horas** (00:00, 08:00 y 16:00 UTC), pagada entre largos y cortos.

## Las mismas fórmulas que Binance

El margen de mantenimiento, el precio de liquidación, el precio de quiebra, el precio de marca, la tasa de financiación y el orden del desapalancamiento automático siguen las fórmulas publicadas por Binance, y los propios ejemplos publicados por Binance se ejecutan como pruebas. El formulario de orden muestra el coste y el precio de liquidación estimado antes de enviar, calculados con el mismo código que usa el motor, así que la pantalla y el servidor coinciden hasta el último dígito.

El apalancamiento multiplica las pérdidas tanto como las ganancias: una posición puede ser liquidada y su margen perdido. Lee [el centro de ayuda](/helpCenter) antes de operar.
`,
    },
    it: {
      title: 'I contratti perpetui sono attivi, con le formule di Binance',
      summary: 'Perpetui con margine in USDT per ogni mercato USDT: margine incrociato o isolato, fino a 125× su BTC, funding ogni 8 ore e le formule pubblicate da Binance.',
      markdown: md`
Ogni mercato spot quotato in USDT ha ora un **contratto perpetuo lineare con margine in USDT**, con lo stesso tick e la stessa dimensione del lotto. Negozialo sulla [pagina dei contratti](/contractTransaction) dopo aver spostato USDT nel tuo conto contratti.

## Cosa offre

- **Posizioni a senso unico** con margine **incrociato** o **isolato**, scelto per mercato.
- **Leva** da 1× fino al primo scaglione del mercato: BTC 125×, ETH 100×, SOL, BNB, XRP e DOGE 75×, gli altri 50×. Le posizioni più grandi ricadono in scaglioni superiori con un massimo più basso.
- **Ordini**: limite (GTC, IOC, FOK, solo maker), a mercato, ordini stop e take-profit attivati dal prezzo mark o dall'ultimo prezzo, solo riduzione, e take-profit e stop-loss su una posizione.
- **Funding ogni 8 ore** (00:00, 08:00 e 16:00 UTC), pagato tra posizioni long e short.

## Le stesse formule di Binance

Margine di mantenimento, prezzo di liquidazione, prezzo di fallimento, prezzo mark, tasso di funding e classifica dell'auto-deleveraging seguono le formule pubblicate da Binance, e gli esempi pubblicati da Binance stessa girano come test. Il modulo d'ordine mostra il costo e il prezzo di liquidazione stimato prima dell'invio, calcolati con lo stesso codice del motore, così schermo e server concordano fino all'ultima cifra.

La leva moltiplica le perdite quanto i guadagni: una posizione può essere liquidata e il suo margine perso. Leggi il [centro assistenza](/helpCenter) prima di operare.
`,
    },
    pt: {
      title: 'Contratos perpétuos no ar, com as fórmulas da Binance',
      summary: 'Perpétuos com margem em USDT para cada mercado USDT: margem cruzada ou isolada, até 125× em BTC, financiamento a cada 8 horas e as fórmulas publicadas pela Binance.',
      markdown: md`
Cada mercado spot cotado em USDT agora tem um **contrato perpétuo linear com margem em USDT**, com o mesmo tick e tamanho de lote. Negocie-os na [página de contratos](/contractTransaction) depois de transferir USDT para sua conta de contratos.

## O que você tem

- **Posições de mão única** com margem **cruzada** ou **isolada**, escolhida por mercado.
- **Alavancagem** de 1× até a primeira faixa do mercado: BTC 125×, ETH 100×, SOL, BNB, XRP e DOGE 75×, os demais 50×. Posições maiores caem em faixas superiores, com máximo menor.
- **Ordens**: limitadas (GTC, IOC, FOK, somente maker), a mercado, ordens stop e take-profit acionadas pelo preço de marcação ou pelo último preço, somente redução, e take-profit e stop-loss em uma posição.
- **Financiamento a cada 8 horas** (00:00, 08:00 e 16:00 UTC), pago entre posições compradas e vendidas.

## As mesmas fórmulas da Binance

Margem de manutenção, preço de liquidação, preço de falência, preço de marcação, taxa de financiamento e a ordem da desalavancagem automática seguem as fórmulas publicadas pela Binance, e os próprios exemplos publicados pela Binance rodam como testes. O formulário de ordem mostra o custo e o preço de liquidação estimado antes do envio, calculados pelo mesmo código que o motor usa, então a tela e o servidor concordam até o último dígito.

A alavancagem multiplica as perdas tanto quanto os ganhos: uma posição pode ser liquidada e sua margem perdida. Leia a [central de ajuda](/helpCenter) antes de negociar.
`,
    },
  },
};

const RESERVES: DemoArticle = {
  seedKey: 'announcement.reserves',
  kind: 'announcement',
  ageDays: 6,
  texts: {
    en: {
      title: 'Proof of liabilities: check that your balance is counted',
      summary: 'Every day all user balances go into a Merkle-sum tree whose root is published. Download your proof and verify it yourself, in the browser or on the command line.',
      markdown: md`
An exchange holds its users' money, so users should be able to check that it counts every unit it owes them. OpenEx now publishes a **proof of liabilities** every day.

## How it works

- Every day each user's balances, summed over the five accounts (available and frozen), become one leaf of a **Merkle-sum tree**. Each node commits to the hashes and to the per-coin sums of both children, and negative sums are refused, so no part of the tree can hide a negative balance.
- Each leaf carries a random nonce known only to its owner, and the leaves are shuffled and padded, so a leaf reveals nothing about who a user is, and nobody can test guesses about another user's balances.
- The root hash, the per-coin totals and the number of leaves are appended to a public hash-chained record that anyone can download and keep.

## Verify it yourself

On [My assets](/myassets), press **Verify my balance**. Your browser downloads your path through the tree, recomputes your leaf and every level up to the root, checks every sibling's sums, and compares the result with the published root. You can save the proof and check it again with the open-source verifier on the command line.

If the exchange left you out or counted less than you hold, your check fails. The unrealized result of open perpetual positions is not part of the leaves.
`,
    },
    'zh-CN': {
      title: '负债证明：核实您的余额已被计入',
      summary: '每天所有用户的余额都会放入一棵默克尔求和树并公布其根。下载您的证明，在浏览器或命令行中自行验证。',
      markdown: md`
交易所保管着用户的资金，用户应当能够核实交易所计入了欠他们的每一个单位。OpenEx 现在每天发布一份**负债证明**。

## 原理

- 每天，每位用户在五个账户中的余额（可用和冻结）相加，成为**默克尔求和树**的一个叶子。每个节点都承诺两个子节点的哈希值和各币种的总额，且拒绝负数总额，因此树的任何部分都无法隐藏负余额。
- 每个叶子带有一个只有其所有者知道的随机数，叶子会被打乱顺序并填充，所以叶子不会透露用户是谁，也没有人能验证对他人余额的猜测。
- 根哈希、各币种总额和叶子数量会追加到一份公开的哈希链记录中，任何人都可以下载保存。

## 自行验证

在[我的资产](/myassets)中点击**验证我的余额**。浏览器会下载您在树中的路径，重新计算您的叶子以及直到根的每一层，检查每个兄弟节点的总额，并将结果与公布的根进行比较。您可以保存证明，并用开源的命令行验证工具再次检查。

如果交易所遗漏了您，或计入的金额少于您持有的，您的验证就会失败。未平仓永续合约的未实现盈亏不计入叶子。
`,
    },
    'zh-TW': {
      title: '負債證明：核實您的餘額已被計入',
      summary: '每天所有使用者的餘額都會放入一棵默克爾求和樹並公布其根。下載您的證明，在瀏覽器或命令列中自行驗證。',
      markdown: md`
交易所保管著使用者的資金，使用者應當能夠核實交易所計入了欠他們的每一個單位。OpenEx 現在每天發布一份**負債證明**。

## 原理

- 每天，每位使用者在五個帳戶中的餘額（可用和凍結）相加，成為**默克爾求和樹**的一個葉子。每個節點都承諾兩個子節點的雜湊值和各幣種的總額，且拒絕負數總額，因此樹的任何部分都無法隱藏負餘額。
- 每個葉子帶有一個只有其擁有者知道的隨機數，葉子會被打亂順序並填充，所以葉子不會透露使用者是誰，也沒有人能驗證對他人餘額的猜測。
- 根雜湊、各幣種總額和葉子數量會附加到一份公開的雜湊鏈紀錄中，任何人都可以下載保存。

## 自行驗證

在[我的資產](/myassets)中點擊**驗證我的餘額**。瀏覽器會下載您在樹中的路徑，重新計算您的葉子以及直到根的每一層，檢查每個兄弟節點的總額，並將結果與公布的根進行比較。您可以儲存證明，並用開源的命令列驗證工具再次檢查。

如果交易所遺漏了您，或計入的金額少於您持有的，您的驗證就會失敗。未平倉永續合約的未實現損益不計入葉子。
`,
    },
    ja: {
      title: '負債証明：あなたの残高が計上されていることを確認',
      summary: '毎日、全ユーザーの残高をマークル和ツリーにまとめ、そのルートを公開します。証明をダウンロードして、ブラウザやコマンドラインで自分で検証できます。',
      markdown: md`
取引所はユーザーのお金を預かっているのですから、ユーザーは取引所が負っている 1 単位まで漏れなく計上しているかを確認できるべきです。OpenEx は**負債証明**を毎日公開するようになりました。

## 仕組み

- 毎日、各ユーザーの 5 つの口座の残高（利用可能分と凍結分）を合計したものが、**マークル和ツリー**の 1 枚の葉になります。各ノードは両方の子のハッシュとコインごとの合計にコミットし、負の合計は拒否されるので、ツリーのどこにも負の残高を隠せません。
- 各葉には持ち主だけが知るランダムなノンスが付き、葉はシャッフルされパディングされます。葉からユーザーが誰かは分からず、他人の残高を推測して確かめることもできません。
- ルートハッシュ、コインごとの合計、葉の数は、誰でもダウンロードして保存できる公開のハッシュチェーン記録に追加されます。

## 自分で検証する

[マイ資産](/myassets)で**残高を検証**を押してください。ブラウザがツリー内のあなたの経路をダウンロードし、あなたの葉からルートまでの各段を再計算し、すべての兄弟ノードの合計を確認して、公開されたルートと比較します。証明を保存し、オープンソースのコマンドライン検証ツールでもう一度確認することもできます。

取引所があなたを除外したり、保有額より少なく計上したりしていれば、検証は失敗します。未決済の無期限先物ポジションの含み損益は葉に含まれません。
`,
    },
    th: {
      title: 'หลักฐานหนี้สิน: ตรวจสอบว่ายอดของคุณถูกนับแล้ว',
      summary: 'ทุกวันยอดคงเหลือของผู้ใช้ทุกคนจะถูกใส่ลงในต้นไม้ผลรวมเมอร์เคิลและเผยแพร่ราก ดาวน์โหลดหลักฐานของคุณแล้วตรวจสอบเองในเบราว์เซอร์หรือบรรทัดคำสั่ง',
      markdown: md`
กระดานเทรดถือเงินของผู้ใช้ ผู้ใช้จึงควรตรวจสอบได้ว่ากระดานเทรดนับทุกหน่วยที่ติดค้างพวกเขาอยู่ ตอนนี้ OpenEx เผยแพร่ **หลักฐานหนี้สิน** ทุกวัน

## ทำงานอย่างไร

- ทุกวัน ยอดคงเหลือของผู้ใช้แต่ละคนรวมจากบัญชีทั้งห้า (ทั้งที่ใช้ได้และที่ถูกตรึง) จะกลายเป็นใบหนึ่งใบของ **ต้นไม้ผลรวมเมอร์เคิล** ทุกโหนดผูกมัดทั้งแฮชและผลรวมรายเหรียญของลูกทั้งสอง และผลรวมติดลบจะถูกปฏิเสธ จึงไม่มีส่วนใดของต้นไม้ซ่อนยอดติดลบได้
- แต่ละใบมีค่าสุ่มที่มีเพียงเจ้าของรู้ และใบทั้งหมดถูกสลับลำดับและเติมให้เต็ม ใบจึงไม่บอกว่าผู้ใช้เป็นใคร และไม่มีใครทดสอบการเดายอดของผู้ใช้คนอื่นได้
- แฮชราก ผลรวมรายเหรียญ และจำนวนใบ ถูกต่อท้ายลงในบันทึกสาธารณะที่เชื่อมด้วยแฮช ซึ่งใครก็ดาวน์โหลดและเก็บไว้ได้

## ตรวจสอบด้วยตัวเอง

ที่[สินทรัพย์ของฉัน](/myassets) กด **ตรวจสอบยอดคงเหลือของฉัน** เบราว์เซอร์จะดาวน์โหลดเส้นทางของคุณในต้นไม้ คำนวณใบของคุณและทุกชั้นจนถึงรากใหม่ ตรวจผลรวมของโหนดพี่น้องทุกโหนด แล้วเทียบผลกับรากที่เผยแพร่ คุณบันทึกหลักฐานไว้และตรวจอีกครั้งด้วยเครื่องมือตรวจสอบโอเพนซอร์สบนบรรทัดคำสั่งได้

หากกระดานเทรดไม่นับคุณ หรือนับน้อยกว่าที่คุณถือ การตรวจสอบของคุณจะไม่ผ่าน ผลกำไรขาดทุนที่ยังไม่เกิดขึ้นจริงของโพซิชันสัญญาไม่มีวันหมดอายุที่เปิดอยู่ไม่รวมอยู่ในใบ
`,
    },
    ko: {
      title: '부채 증명: 내 잔액이 포함되었는지 확인하세요',
      summary: '매일 모든 사용자의 잔액을 머클 합 트리에 넣고 그 루트를 공개합니다. 증명을 내려받아 브라우저나 명령줄에서 직접 검증하세요.',
      markdown: md`
거래소는 사용자의 돈을 맡고 있으므로, 사용자는 거래소가 자신에게 빚진 모든 단위를 빠짐없이 계산하는지 확인할 수 있어야 합니다. OpenEx는 이제 매일 **부채 증명**을 공개합니다.

## 작동 방식

- 매일 각 사용자의 다섯 계정 잔액(사용 가능분과 동결분)의 합이 **머클 합 트리**의 잎 하나가 됩니다. 각 노드는 두 자식의 해시와 코인별 합계에 모두 커밋하고 음수 합계는 거부되므로, 트리의 어느 부분도 음수 잔액을 숨길 수 없습니다.
- 각 잎에는 소유자만 아는 무작위 논스가 붙고, 잎은 섞이고 채워지므로 잎으로 사용자가 누구인지 알 수 없으며, 다른 사용자의 잔액에 대한 추측을 시험할 수도 없습니다.
- 루트 해시, 코인별 합계, 잎의 수는 누구나 내려받아 보관할 수 있는 공개 해시 체인 기록에 추가됩니다.

## 직접 검증하기

[내 자산](/myassets)에서 **내 잔액 검증**을 누르세요. 브라우저가 트리 안의 내 경로를 내려받아 내 잎부터 루트까지 모든 단계를 다시 계산하고, 모든 형제 노드의 합계를 확인한 뒤 공개된 루트와 비교합니다. 증명을 저장해 두고 오픈소스 명령줄 검증 도구로 다시 확인할 수도 있습니다.

거래소가 나를 빠뜨리거나 보유액보다 적게 계산했다면 검증은 실패합니다. 열린 무기한 선물 포지션의 미실현 손익은 잎에 포함되지 않습니다.
`,
    },
    es: {
      title: 'Prueba de pasivos: comprueba que tu saldo está contado',
      summary: 'Cada día todos los saldos de los usuarios entran en un árbol de Merkle con sumas cuya raíz se publica. Descarga tu prueba y verifícala tú mismo, en el navegador o en la línea de comandos.',
      markdown: md`
Un exchange guarda el dinero de sus usuarios, así que los usuarios deberían poder comprobar que cuenta cada unidad que les debe. OpenEx publica ahora una **prueba de pasivos** cada día.

## Cómo funciona

- Cada día, los saldos de cada usuario, sumados sobre sus cinco cuentas (disponible y congelado), forman una hoja de un **árbol de Merkle con sumas**. Cada nodo se compromete con los hashes y con las sumas por moneda de sus dos hijos, y las sumas negativas se rechazan, así que ninguna parte del árbol puede esconder un saldo negativo.
- Cada hoja lleva un nonce aleatorio que solo conoce su dueño, y las hojas se barajan y se rellenan, de modo que una hoja no revela quién es el usuario y nadie puede probar suposiciones sobre los saldos de otro.
- El hash raíz, los totales por moneda y el número de hojas se añaden a un registro público encadenado por hashes que cualquiera puede descargar y guardar.

## Verifícalo tú mismo

En [Mis activos](/myassets), pulsa **Verificar mi saldo**. Tu navegador descarga tu camino por el árbol, recalcula tu hoja y cada nivel hasta la raíz, comprueba las sumas de cada hermano y compara el resultado con la raíz publicada. Puedes guardar la prueba y volver a comprobarla con el verificador de código abierto en la línea de comandos.

Si el exchange te dejó fuera o contó menos de lo que tienes, tu comprobación falla. El resultado no realizado de las posiciones perpetuas abiertas no forma parte de las hojas.
`,
    },
    it: {
      title: 'Prova delle passività: verifica che il tuo saldo sia contato',
      summary: 'Ogni giorno tutti i saldi degli utenti entrano in un albero di Merkle con somme di cui si pubblica la radice. Scarica la tua prova e verificala da solo, nel browser o da riga di comando.',
      markdown: md`
Un exchange custodisce il denaro dei suoi utenti, quindi gli utenti devono poter verificare che conti ogni unità che deve loro. OpenEx ora pubblica ogni giorno una **prova delle passività**.

## Come funziona

- Ogni giorno i saldi di ciascun utente, sommati sui cinque conti (disponibile e congelato), diventano una foglia di un **albero di Merkle con somme**. Ogni nodo si impegna sugli hash e sulle somme per moneta di entrambi i figli, e le somme negative sono rifiutate, così nessuna parte dell'albero può nascondere un saldo negativo.
- Ogni foglia porta un nonce casuale noto solo al suo proprietario, e le foglie sono rimescolate e riempite, quindi una foglia non rivela chi sia l'utente e nessuno può mettere alla prova ipotesi sui saldi di un altro.
- L'hash radice, i totali per moneta e il numero di foglie vengono aggiunti a un registro pubblico concatenato da hash che chiunque può scaricare e conservare.

## Verificalo da solo

In [I miei asset](/myassets), premi **Verifica il mio saldo**. Il browser scarica il tuo percorso nell'albero, ricalcola la tua foglia e ogni livello fino alla radice, controlla le somme di ogni nodo fratello e confronta il risultato con la radice pubblicata. Puoi salvare la prova e ricontrollarla con il verificatore open source da riga di comando.

Se l'exchange ti ha escluso o ha contato meno di quanto possiedi, la verifica fallisce. Il risultato non realizzato delle posizioni perpetue aperte non fa parte delle foglie.
`,
    },
    pt: {
      title: 'Prova de passivos: confira se o seu saldo está contado',
      summary: 'Todos os dias os saldos de todos os usuários entram em uma árvore de Merkle com somas cuja raiz é publicada. Baixe sua prova e verifique-a você mesmo, no navegador ou na linha de comando.',
      markdown: md`
Uma exchange guarda o dinheiro dos usuários, então os usuários devem poder conferir que ela conta cada unidade que lhes deve. A OpenEx agora publica uma **prova de passivos** todos os dias.

## Como funciona

- Todos os dias, os saldos de cada usuário, somados nas cinco contas (disponível e congelado), viram uma folha de uma **árvore de Merkle com somas**. Cada nó se compromete com os hashes e com as somas por moeda dos dois filhos, e somas negativas são recusadas, então nenhuma parte da árvore consegue esconder um saldo negativo.
- Cada folha leva um nonce aleatório que só o dono conhece, e as folhas são embaralhadas e preenchidas, de modo que uma folha não revela quem é o usuário e ninguém consegue testar palpites sobre os saldos de outra pessoa.
- O hash da raiz, os totais por moeda e o número de folhas são acrescentados a um registro público encadeado por hashes que qualquer pessoa pode baixar e guardar.

## Verifique você mesmo

Em [Meus ativos](/myassets), clique em **Verificar meu saldo**. Seu navegador baixa o seu caminho na árvore, recalcula sua folha e cada nível até a raiz, confere as somas de cada nó irmão e compara o resultado com a raiz publicada. Você pode salvar a prova e conferi-la de novo com o verificador de código aberto na linha de comando.

Se a exchange deixou você de fora ou contou menos do que você tem, sua verificação falha. O resultado não realizado das posições perpétuas abertas não faz parte das folhas.
`,
    },
  },
};

const BOTS: DemoArticle = {
  seedKey: 'announcement.quant-bots',
  kind: 'announcement',
  ageDays: 1,
  texts: {
    en: {
      title: 'Quantitative bots: the grid bot and the robot',
      summary: 'Two bots now trade spot markets with money you set aside for them. They place real orders on the real book, pay fees, and can lose.',
      markdown: md`
Two quantitative bots are now available on [the trading terminal](/currencyTransaction).

## The grid bot

You choose a price range, the number of grids (2 to 150, evenly or geometrically spaced) and an investment. The bot places a ladder of limit orders: buys under the current price, sells over it. Each time an order fills, it places the opposite order one grid away. A grid gains from prices that move back and forth inside its range; when the price leaves the range and stays out, it is left holding coins that have fallen, or cash while the price rises.

## The robot

The robot buys at the market with its whole investment, rests a take-profit sell (0.3 % above by default) and sells at the market when the last price falls to its stop (0.5 % below by default) or its time limit is up (2 minutes by default). You can change all three.

## What to know

- A bot places **ordinary spot orders** under your account, with real fills and real fees. It spends only the money you set aside for it, held in your coin account while it runs.
- **Nothing promises a profit.** A bot's result comes from its own fills and fees, losses included.
- Starting a bot asks for your fund password. The minimum investment is 10 USDT for the robot and 20 USDT for a grid unless the operator sets otherwise, and you can run up to 20 bots at once.
- You can stop a bot at any time: its orders are cancelled and its money returns to your available balance.
`,
    },
    'zh-CN': {
      title: '量化机器人：网格机器人和交易机器人',
      summary: '两种机器人现在可以用您为它们预留的资金交易现货市场。它们在真实的订单簿上下真实的订单，支付手续费，也可能亏损。',
      markdown: md`
[交易终端](/currencyTransaction)现已提供两种量化机器人。

## 网格机器人

您选择价格区间、网格数量（2 到 150 格，等差或等比间隔）和投资金额。机器人会挂出一组限价单：低于当前价格的买单，高于当前价格的卖单。每当一笔订单成交，它就在相隔一格的位置挂出反向订单。网格从区间内来回波动的价格中获利；当价格离开区间并停留在外面时，它手里剩下的是已经下跌的币，或者在价格上涨时剩下的是现金。

## 交易机器人

交易机器人用全部投资金额以市价买入，挂出一笔止盈卖单（默认高出 0.3%），当最新价格跌到止损价（默认低 0.5%）或时间用完（默认 2 分钟）时以市价卖出。这三项都可以修改。

## 须知

- 机器人以您的账户下**普通的现货订单**，有真实的成交和真实的手续费。它只花费您为它预留的资金，运行期间这笔资金冻结在您的币币账户中。
- **没有任何盈利承诺**。机器人的结果来自它自己的成交和手续费，亏损也包括在内。
- 启动机器人需要输入资金密码。除非运营者另行设置，交易机器人的最低投资为 10 USDT，网格为 20 USDT，您最多可以同时运行 20 个机器人。
- 您可以随时停止机器人：它的订单会被撤销，资金回到您的可用余额。
`,
    },
    'zh-TW': {
      title: '量化機器人：網格機器人和交易機器人',
      summary: '兩種機器人現在可以用您為它們預留的資金交易現貨市場。它們在真實的訂單簿上下真實的訂單，支付手續費，也可能虧損。',
      markdown: md`
[交易終端](/currencyTransaction)現已提供兩種量化機器人。

## 網格機器人

您選擇價格區間、網格數量（2 到 150 格，等差或等比間隔）和投資金額。機器人會掛出一組限價單：低於目前價格的買單，高於目前價格的賣單。每當一筆訂單成交，它就在相隔一格的位置掛出反向訂單。網格從區間內來回波動的價格中獲利；當價格離開區間並停留在外面時，它手裡剩下的是已經下跌的幣，或者在價格上漲時剩下的是現金。

## 交易機器人

交易機器人用全部投資金額以市價買入，掛出一筆停利賣單（預設高出 0.3%），當最新價格跌到停損價（預設低 0.5%）或時間用完（預設 2 分鐘）時以市價賣出。這三項都可以修改。

## 須知

- 機器人以您的帳戶下**普通的現貨訂單**，有真實的成交和真實的手續費。它只花費您為它預留的資金，執行期間這筆資金凍結在您的幣幣帳戶中。
- **沒有任何獲利承諾**。機器人的結果來自它自己的成交和手續費，虧損也包括在內。
- 啟動機器人需要輸入資金密碼。除非營運者另行設定，交易機器人的最低投資為 10 USDT，網格為 20 USDT，您最多可以同時執行 20 個機器人。
- 您可以隨時停止機器人：它的訂單會被取消，資金回到您的可用餘額。
`,
    },
    ja: {
      title: 'クオンツボット：グリッドボットとロボット',
      summary: '2 種類のボットが、あなたが取り分けた資金で現物市場を取引できるようになりました。本物のオーダーブックに本物の注文を出し、手数料を払い、損失も出ます。',
      markdown: md`
[取引ターミナル](/currencyTransaction)で 2 種類のクオンツボットが使えるようになりました。

## グリッドボット

価格帯、グリッド数（2〜150、等間隔または等比）、投資額を選びます。ボットは指値注文のはしごを並べます。現在価格より下に買い、上に売りです。注文が約定するたびに、1 グリッド離れたところに反対の注文を出します。グリッドは価格帯の中を行き来する値動きから利益を得ます。価格が帯の外に出てそのままになると、下落したコインを抱えるか、価格が上がる間は現金を抱えたままになります。

## ロボット

ロボットは投資額のすべてで成行買いし、利確の売り注文（既定では 0.3% 上）を置き、最終価格が損切り水準（既定では 0.5% 下）まで下がるか制限時間（既定では 2 分）が来たら成行で売ります。3 つとも変更できます。

## 知っておくこと

- ボットはあなたの口座で**通常の現物注文**を出し、約定も手数料も本物です。使うのはあなたが取り分けた資金だけで、稼働中は現物口座に凍結されます。
- **利益の約束はありません**。ボットの結果は自身の約定と手数料から生まれ、損失も含みます。
- ボットの開始には資金パスワードが必要です。最低投資額は、運営者が別に定めない限りロボット 10 USDT、グリッド 20 USDT で、同時に 20 個まで動かせます。
- ボットはいつでも停止できます。注文は取り消され、資金は利用可能残高に戻ります。
`,
    },
    th: {
      title: 'บอทเทรดเชิงปริมาณ: บอทกริดและโรบอท',
      summary: 'ตอนนี้บอทสองแบบเทรดในตลาดสปอตด้วยเงินที่คุณกันไว้ให้ บอทส่งคำสั่งจริงบนสมุดคำสั่งจริง จ่ายค่าธรรมเนียม และขาดทุนได้',
      markdown: md`
ตอนนี้บอทเทรดเชิงปริมาณสองแบบพร้อมใช้งานบน[เทอร์มินัลเทรด](/currencyTransaction)

## บอทกริด

คุณเลือกช่วงราคา จำนวนกริด (2 ถึง 150 ระยะห่างเท่ากันหรือแบบเรขาคณิต) และเงินลงทุน บอทจะวางขั้นบันไดของคำสั่งลิมิต: คำสั่งซื้อใต้ราคาปัจจุบัน คำสั่งขายเหนือราคาปัจจุบัน ทุกครั้งที่คำสั่งหนึ่งถูกจับคู่ บอทจะวางคำสั่งฝั่งตรงข้ามห่างออกไปหนึ่งกริด กริดได้กำไรจากราคาที่แกว่งไปมาในช่วง เมื่อราคาออกนอกช่วงและอยู่ข้างนอก บอทจะถือเหรียญที่ราคาตกลง หรือถือเงินสดขณะที่ราคาขึ้น

## โรบอท

โรบอทซื้อที่ราคาตลาดด้วยเงินลงทุนทั้งหมด วางคำสั่งขายทำกำไร (ค่าเริ่มต้นสูงกว่า 0.3%) และขายที่ราคาตลาดเมื่อราคาล่าสุดลงถึงจุดหยุดขาดทุน (ค่าเริ่มต้นต่ำกว่า 0.5%) หรือหมดเวลา (ค่าเริ่มต้น 2 นาที) คุณเปลี่ยนได้ทั้งสามค่า

## สิ่งที่ควรรู้

- บอทส่ง **คำสั่งสปอตธรรมดา** ภายใต้บัญชีของคุณ มีการจับคู่จริงและค่าธรรมเนียมจริง บอทใช้เฉพาะเงินที่คุณกันไว้ให้ ซึ่งถูกตรึงในบัญชีเหรียญของคุณระหว่างที่บอททำงาน
- **ไม่มีสิ่งใดสัญญาว่าจะได้กำไร** ผลลัพธ์ของบอทมาจากการจับคู่และค่าธรรมเนียมของบอทเอง รวมถึงการขาดทุน
- การเริ่มบอทต้องใช้รหัสผ่านการเงิน เงินลงทุนขั้นต่ำคือ 10 USDT สำหรับโรบอทและ 20 USDT สำหรับกริด เว้นแต่ผู้ดูแลจะกำหนดเป็นอย่างอื่น และคุณรันบอทได้พร้อมกันสูงสุด 20 ตัว
- คุณหยุดบอทได้ทุกเมื่อ: คำสั่งของบอทจะถูกยกเลิกและเงินจะกลับสู่ยอดที่ใช้ได้ของคุณ
`,
    },
    ko: {
      title: '퀀트 봇: 그리드 봇과 로봇',
      summary: '두 가지 봇이 이제 당신이 따로 떼어 둔 돈으로 현물 마켓을 거래합니다. 실제 호가창에 실제 주문을 내고, 수수료를 내며, 손실을 볼 수 있습니다.',
      markdown: md`
[거래 터미널](/currencyTransaction)에서 이제 두 가지 퀀트 봇을 사용할 수 있습니다.

## 그리드 봇

가격 범위, 그리드 수(2~150, 등간격 또는 등비), 투자금을 고릅니다. 봇은 지정가 주문의 사다리를 놓습니다. 현재 가격 아래에는 매수, 위에는 매도입니다. 주문이 체결될 때마다 한 그리드 떨어진 곳에 반대 주문을 냅니다. 그리드는 범위 안에서 오르내리는 가격에서 이익을 얻습니다. 가격이 범위를 벗어나 돌아오지 않으면 떨어진 코인을 들고 있거나, 가격이 오르는 동안 현금을 들고 있게 됩니다.

## 로봇

로봇은 투자금 전부로 시장가 매수하고, 이익 실현 매도 주문(기본 0.3% 위)을 걸어 두며, 최종 가격이 손절 수준(기본 0.5% 아래)까지 떨어지거나 제한 시간(기본 2분)이 다하면 시장가로 매도합니다. 세 가지 모두 바꿀 수 있습니다.

## 알아 둘 점

- 봇은 당신의 계정으로 **일반 현물 주문**을 내며, 체결과 수수료가 모두 실제입니다. 당신이 떼어 둔 돈만 쓰며, 그 돈은 봇이 도는 동안 현물 계정에 동결됩니다.
- **수익은 약속되지 않습니다.** 봇의 결과는 자신의 체결과 수수료에서 나오며, 손실도 포함됩니다.
- 봇을 시작하려면 자금 비밀번호가 필요합니다. 최소 투자금은 운영자가 따로 정하지 않는 한 로봇 10 USDT, 그리드 20 USDT이며, 동시에 최대 20개의 봇을 돌릴 수 있습니다.
- 봇은 언제든 멈출 수 있습니다. 주문은 취소되고 돈은 사용 가능 잔액으로 돌아옵니다.
`,
    },
    es: {
      title: 'Bots cuantitativos: el bot de cuadrícula y el robot',
      summary: 'Dos bots operan ahora en mercados spot con el dinero que apartas para ellos. Ponen órdenes reales en el libro real, pagan comisiones y pueden perder.',
      markdown: md`
Dos bots cuantitativos están ya disponibles en [el terminal de trading](/currencyTransaction).

## El bot de cuadrícula

Eliges un rango de precios, el número de cuadrículas (de 2 a 150, con espaciado uniforme o geométrico) y una inversión. El bot coloca una escalera de órdenes límite: compras por debajo del precio actual y ventas por encima. Cada vez que se ejecuta una orden, coloca la orden contraria a una cuadrícula de distancia. Una cuadrícula gana con precios que van y vienen dentro de su rango; cuando el precio sale del rango y se queda fuera, se queda con monedas que han bajado, o con efectivo mientras el precio sube.

## El robot

El robot compra a mercado con toda su inversión, deja una venta de toma de beneficios (0,3 % por encima por defecto) y vende a mercado cuando el último precio cae hasta su stop (0,5 % por debajo por defecto) o se acaba su tiempo límite (2 minutos por defecto). Puedes cambiar los tres.

## Lo que debes saber

- Un bot coloca **órdenes spot normales** en tu cuenta, con ejecuciones reales y comisiones reales. Solo gasta el dinero que apartaste para él, retenido en tu cuenta spot mientras funciona.
- **Nada promete beneficios.** El resultado de un bot sale de sus propias ejecuciones y comisiones, pérdidas incluidas.
- Iniciar un bot pide tu contraseña de fondos. La inversión mínima es de 10 USDT para el robot y 20 USDT para una cuadrícula, salvo que el operador fije otra, y puedes tener hasta 20 bots a la vez.
- Puedes detener un bot en cualquier momento: sus órdenes se cancelan y su dinero vuelve a tu saldo disponible.
`,
    },
    it: {
      title: 'Bot quantitativi: il bot a griglia e il robot',
      summary: 'Due bot ora operano sui mercati spot con il denaro che metti da parte per loro. Piazzano ordini reali sul book reale, pagano commissioni e possono perdere.',
      markdown: md`
Due bot quantitativi sono ora disponibili sul [terminale di trading](/currencyTransaction).

## Il bot a griglia

Scegli un intervallo di prezzo, il numero di griglie (da 2 a 150, spaziate in modo uniforme o geometrico) e un investimento. Il bot piazza una scala di ordini limite: acquisti sotto il prezzo attuale, vendite sopra. Ogni volta che un ordine viene eseguito, piazza l'ordine opposto a una griglia di distanza. Una griglia guadagna dai prezzi che vanno su e giù dentro il suo intervallo; quando il prezzo esce dall'intervallo e resta fuori, si ritrova con monete che sono scese, o con liquidità mentre il prezzo sale.

## Il robot

Il robot compra a mercato con tutto il suo investimento, lascia una vendita di take-profit (0,3 % sopra per impostazione predefinita) e vende a mercato quando l'ultimo prezzo scende al suo stop (0,5 % sotto per impostazione predefinita) o scade il suo tempo limite (2 minuti per impostazione predefinita). Puoi cambiare tutti e tre.

## Cosa sapere

- Un bot piazza **normali ordini spot** sul tuo account, con esecuzioni e commissioni reali. Spende solo il denaro che hai messo da parte per lui, trattenuto nel tuo conto spot mentre è attivo.
- **Niente promette un profitto.** Il risultato di un bot deriva dalle sue esecuzioni e commissioni, perdite comprese.
- Avviare un bot richiede la password dei fondi. L'investimento minimo è di 10 USDT per il robot e 20 USDT per una griglia, salvo diversa impostazione dell'operatore, e puoi avere fino a 20 bot attivi insieme.
- Puoi fermare un bot in qualsiasi momento: i suoi ordini vengono annullati e il suo denaro torna al tuo saldo disponibile.
`,
    },
    pt: {
      title: 'Bots quantitativos: o bot de grade e o robô',
      summary: 'Dois bots agora negociam nos mercados spot com o dinheiro que você separa para eles. Eles enviam ordens reais ao livro real, pagam taxas e podem perder.',
      markdown: md`
Dois bots quantitativos já estão disponíveis no [terminal de negociação](/currencyTransaction).

## O bot de grade

Você escolhe uma faixa de preço, o número de grades (de 2 a 150, com espaçamento uniforme ou geométrico) e um investimento. O bot monta uma escada de ordens limitadas: compras abaixo do preço atual e vendas acima. Cada vez que uma ordem é executada, ele coloca a ordem oposta uma grade adiante. Uma grade ganha com preços que vão e voltam dentro da faixa; quando o preço sai da faixa e fica fora, ela fica com moedas que caíram, ou com dinheiro enquanto o preço sobe.

## O robô

O robô compra a mercado com todo o investimento, deixa uma venda de realização de lucro (0,3% acima, por padrão) e vende a mercado quando o último preço cai até o stop (0,5% abaixo, por padrão) ou quando o tempo limite acaba (2 minutos, por padrão). Você pode alterar os três.

## O que saber

- Um bot envia **ordens spot comuns** na sua conta, com execuções reais e taxas reais. Ele gasta apenas o dinheiro que você separou para ele, retido na sua conta spot enquanto funciona.
- **Nada promete lucro.** O resultado de um bot vem das próprias execuções e taxas, prejuízos incluídos.
- Iniciar um bot pede sua senha de fundos. O investimento mínimo é de 10 USDT para o robô e 20 USDT para uma grade, salvo outra definição do operador, e você pode ter até 20 bots ao mesmo tempo.
- Você pode parar um bot a qualquer momento: as ordens dele são canceladas e o dinheiro volta ao seu saldo disponível.
`,
    },
  },
};

export const ANNOUNCEMENTS: readonly DemoArticle[] = [WELCOME, PERPETUALS, RESERVES, BOTS];
