// The about page (/about).

import { md, type DemoArticle } from './types.ts';

const ABOUT: DemoArticle = {
  seedKey: 'page.about',
  kind: 'page',
  slug: 'about',
  texts: {
    en: {
      title: 'About OpenEx',
      summary: 'OpenEx is an open-source digital-asset exchange in TypeScript. What it offers, how it is run, and what this demo is.',
      markdown: md`
OpenEx is an open-source digital-asset exchange written in TypeScript: a real-time trading terminal in the browser and the exchange behind it, in one repository and, by default, one process. This site runs it as a demo.

## What it offers

- Spot trading on twelve markets against USDT, with limit, market and conditional orders, and two quantitative bots.
- Linear USDT-margined perpetual contracts on Binance's published formulas.
- Seconds contracts that settle on a public, hash-chained price record.
- Wealth products and mining pools: fixed-term promises of the operator, paid from a treasury the operator funds. Nothing is traded or mined with your principal, and a purchase is accepted only while the treasury holds every income already promised.
- Deposits and withdrawals, identity verification, a security centre, invitations and a daily proof of liabilities.
- Binance-compatible REST and WebSocket APIs, so existing trading bots work unchanged.
- Nine interface languages.

## How it is run

The exchange keeps exact integer money in a double-entry ledger, answers an order only once it is durably written, and records every operator action with its reason. An operator can credit, freeze or lock balances, review withdrawals and identities, and open or close markets, but no command chooses the outcome of a trade, a contract or a bot.

## This demo

Prices here come from a seeded simulator and liquidity from a market-maker bot, and coins live on a test network with no value. Whoever runs this copy is its operator, responsible for it and for its legal pages, which in the demo are templates. Read the [white paper](/informationTwo) for how the exchange is built, and reach the operator through [feedback](/feedback).
`,
    },
    'zh-CN': {
      title: '关于 OpenEx',
      summary: 'OpenEx 是一个用 TypeScript 编写的开源数字资产交易所。这里介绍它提供什么、如何运营，以及这个演示是什么。',
      markdown: md`
OpenEx 是一个用 TypeScript 编写的开源数字资产交易所：浏览器中的实时交易终端和它背后的交易所，放在一个代码仓库里，默认在一个进程中运行。本站以演示方式运行它。

## 提供什么

- 十二个对 USDT 市场的现货交易，支持限价单、市价单和条件单，以及两种量化机器人。
- 采用币安公开公式的线性 USDT 保证金永续合约。
- 以公开哈希链价格记录结算的秒合约。
- 理财产品和矿池：运营者的定期承诺，由运营者注资的资金池支付。您的本金不会被用于交易或挖矿，而且只有当资金池足以支付所有已承诺的收益时，购买才会被接受。
- 充值和提币、身份认证、安全中心、邀请，以及每日的负债证明。
- 兼容币安的 REST 和 WebSocket API，现有的交易机器人无需修改即可使用。
- 九种界面语言。

## 如何运营

交易所在复式记账账本中以精确的整数保存金额，订单只有在持久写入后才给出答复，并记录每一次运营者操作及其原因。运营者可以给余额入账、冻结或锁定，审核提币和身份，开放或关闭市场，但没有任何命令能决定一笔交易、一份合约或一个机器人的结果。

## 这个演示

这里的价格来自带固定种子的模拟器，流动性来自做市机器人，币位于没有价值的测试网络上。运行这个副本的人就是它的运营者，对它及其法律页面负责；在演示中这些法律页面只是模板。阅读[白皮书](/informationTwo)了解交易所是如何构建的，并通过[意见反馈](/feedback)联系运营者。
`,
    },
    'zh-TW': {
      title: '關於 OpenEx',
      summary: 'OpenEx 是一個用 TypeScript 編寫的開源數位資產交易所。這裡介紹它提供什麼、如何營運，以及這個示範是什麼。',
      markdown: md`
OpenEx 是一個用 TypeScript 編寫的開源數位資產交易所：瀏覽器中的即時交易終端和它背後的交易所，放在一個程式碼儲存庫裡，預設在一個行程中執行。本站以示範方式運行它。

## 提供什麼

- 十二個對 USDT 市場的現貨交易，支援限價單、市價單和條件單，以及兩種量化機器人。
- 採用幣安公開公式的線性 USDT 保證金永續合約。
- 以公開雜湊鏈價格紀錄結算的秒合約。
- 理財產品和礦池：營運者的定期承諾，由營運者注資的資金池支付。您的本金不會被用於交易或挖礦，而且只有當資金池足以支付所有已承諾的收益時，購買才會被接受。
- 充值和提幣、身分驗證、安全中心、邀請，以及每日的負債證明。
- 相容幣安的 REST 和 WebSocket API，現有的交易機器人不需修改即可使用。
- 九種介面語言。

## 如何營運

交易所在複式記帳帳本中以精確的整數保存金額，訂單只有在持久寫入後才給出答覆，並記錄每一次營運者操作及其原因。營運者可以為餘額入帳、凍結或鎖定，審核提幣和身分，開放或關閉市場，但沒有任何指令能決定一筆交易、一份合約或一個機器人的結果。

## 這個示範

這裡的價格來自帶固定種子的模擬器，流動性來自造市機器人，幣位於沒有價值的測試網路上。運行這個副本的人就是它的營運者，對它及其法律頁面負責；在示範中這些法律頁面只是範本。閱讀[白皮書](/informationTwo)了解交易所是如何構建的，並透過[意見回饋](/feedback)聯絡營運者。
`,
    },
    ja: {
      title: 'OpenEx について',
      summary: 'OpenEx は TypeScript で書かれたオープンソースの暗号資産取引所です。提供する機能、運営のしかた、そしてこのデモについて。',
      markdown: md`
OpenEx は TypeScript で書かれたオープンソースの暗号資産取引所です。ブラウザで動くリアルタイムの取引ターミナルと、その裏の取引所が、1 つのリポジトリにあり、既定では 1 つのプロセスで動きます。このサイトはそれをデモとして運用しています。

## 提供するもの

- USDT 建て 12 市場の現物取引。指値・成行・条件付き注文と 2 種類のクオンツボット。
- Binance が公開した計算式に基づく、リニア型 USDT 証拠金の無期限先物。
- 公開されたハッシュチェーンの価格記録で決済される秒先物。
- 資産運用商品とマイニングプール。運営者による期間固定の約束で、運営者が資金を入れた資金口座から支払われます。元本で取引やマイニングをすることはなく、資金口座が約束済みのすべての収益を保有している間だけ購入が受け付けられます。
- 入金と出金、本人確認、セキュリティセンター、招待、毎日の負債証明。
- Binance 互換の REST と WebSocket API。既存の取引ボットがそのまま動きます。
- 9 つの表示言語。

## 運営のしかた

取引所は正確な整数の金額を複式簿記の台帳で管理し、注文には永続的に書き込んでから初めて応答し、運営者の操作はすべて理由とともに記録します。運営者は残高の入金・凍結・ロック、出金と本人確認の審査、市場の開閉ができますが、取引や契約やボットの結果を選ぶコマンドはありません。

## このデモ

ここでの価格はシード付きのシミュレーターから、流動性はマーケットメイカーのボットから来ており、コインは価値のないテストネットワーク上にあります。このコピーを動かしている人がその運営者であり、サイトと法的ページに責任を負います。デモの法的ページはひな形です。取引所の作りは[ホワイトペーパー](/informationTwo)で読め、運営者には[フィードバック](/feedback)から連絡できます。
`,
    },
    th: {
      title: 'เกี่ยวกับ OpenEx',
      summary: 'OpenEx คือกระดานเทรดสินทรัพย์ดิจิทัลโอเพนซอร์สที่เขียนด้วย TypeScript มีอะไรให้บ้าง ดำเนินงานอย่างไร และการสาธิตนี้คืออะไร',
      markdown: md`
OpenEx คือกระดานเทรดสินทรัพย์ดิจิทัลโอเพนซอร์สที่เขียนด้วย TypeScript: เทอร์มินัลเทรดแบบเรียลไทม์ในเบราว์เซอร์และกระดานเทรดเบื้องหลัง อยู่ในคลังโค้ดเดียว และโดยค่าเริ่มต้นทำงานในโพรเซสเดียว เว็บไซต์นี้รันมันในโหมดสาธิต

## มีอะไรให้

- การเทรดสปอตสิบสองตลาดเทียบกับ USDT พร้อมคำสั่งลิมิต มาร์เก็ต และแบบมีเงื่อนไข และบอทเทรดเชิงปริมาณสองแบบ
- สัญญาไม่มีวันหมดอายุแบบเชิงเส้นที่ใช้ USDT เป็นหลักประกัน ตามสูตรที่ Binance เผยแพร่
- สัญญาวินาทีที่ชำระตามบันทึกราคาสาธารณะที่เชื่อมด้วยแฮช
- ผลิตภัณฑ์การลงทุนและพูลขุด: คำสัญญาระยะเวลาคงที่ของผู้ดูแล จ่ายจากคลังที่ผู้ดูแลเติมเงินไว้ ไม่มีการนำเงินต้นของคุณไปเทรดหรือขุด และการซื้อจะถูกรับเฉพาะเมื่อคลังมีเงินพอสำหรับผลตอบแทนทั้งหมดที่สัญญาไว้แล้ว
- การฝากและถอน การยืนยันตัวตน ศูนย์ความปลอดภัย การเชิญ และหลักฐานหนี้สินรายวัน
- API แบบ REST และ WebSocket ที่เข้ากันได้กับ Binance บอทเทรดที่มีอยู่จึงใช้งานได้โดยไม่ต้องแก้
- ภาษาหน้าจอเก้าภาษา

## ดำเนินงานอย่างไร

กระดานเทรดเก็บเงินเป็นจำนวนเต็มที่แม่นยำในบัญชีแยกประเภทแบบบัญชีคู่ ตอบรับคำสั่งเมื่อเขียนลงอย่างถาวรแล้วเท่านั้น และบันทึกทุกการกระทำของผู้ดูแลพร้อมเหตุผล ผู้ดูแลเติมเงิน ตรึง หรือล็อกยอดคงเหลือ ตรวจสอบการถอนและตัวตน และเปิดหรือปิดตลาดได้ แต่ไม่มีคำสั่งใดเลือกผลลัพธ์ของการซื้อขาย สัญญา หรือบอทได้

## การสาธิตนี้

ราคาที่นี่มาจากตัวจำลองที่มีค่าเมล็ดตายตัว สภาพคล่องมาจากบอทผู้สร้างสภาพคล่อง และเหรียญอยู่บนเครือข่ายทดสอบที่ไม่มีมูลค่า ผู้ที่รันสำเนานี้คือผู้ดูแล ซึ่งรับผิดชอบเว็บไซต์และหน้ากฎหมาย ในการสาธิตหน้ากฎหมายเป็นเพียงแม่แบบ อ่าน[เอกสารไวต์เปเปอร์](/informationTwo)เพื่อดูว่ากระดานเทรดสร้างขึ้นอย่างไร และติดต่อผู้ดูแลผ่าน[ข้อเสนอแนะ](/feedback)
`,
    },
    ko: {
      title: 'OpenEx 소개',
      summary: 'OpenEx는 TypeScript로 작성된 오픈소스 디지털 자산 거래소입니다. 무엇을 제공하는지, 어떻게 운영되는지, 이 데모가 무엇인지 소개합니다.',
      markdown: md`
OpenEx는 TypeScript로 작성된 오픈소스 디지털 자산 거래소입니다. 브라우저의 실시간 거래 터미널과 그 뒤의 거래소가 하나의 저장소에 있으며, 기본적으로 하나의 프로세스로 돌아갑니다. 이 사이트는 그것을 데모로 운영합니다.

## 제공하는 것

- USDT 대비 12개 마켓의 현물 거래. 지정가, 시장가, 조건부 주문과 두 가지 퀀트 봇.
- Binance가 공개한 공식을 따르는 선형 USDT 증거금 무기한 선물.
- 공개 해시 체인 가격 기록으로 정산되는 초 단위 선물.
- 자산 운용 상품과 마이닝 풀. 운영자가 자금을 넣은 자금 계정에서 지급되는, 운영자의 기간 고정 약속입니다. 원금으로 거래하거나 채굴하지 않으며, 자금 계정이 이미 약속한 모든 수익을 보유하고 있을 때만 구매가 받아들여집니다.
- 입금과 출금, 신원 인증, 보안 센터, 초대, 매일의 부채 증명.
- Binance 호환 REST 및 WebSocket API. 기존 거래 봇이 그대로 작동합니다.
- 아홉 가지 화면 언어.

## 운영 방식

거래소는 정확한 정수 금액을 복식부기 원장에 보관하고, 주문은 영속적으로 기록된 뒤에야 응답하며, 모든 운영자 조치를 사유와 함께 기록합니다. 운영자는 잔액을 입금·동결·잠금하고, 출금과 신원을 심사하고, 마켓을 열거나 닫을 수 있지만, 거래나 계약이나 봇의 결과를 고르는 명령은 없습니다.

## 이 데모

이곳의 가격은 고정 시드 시뮬레이터에서, 유동성은 마켓 메이커 봇에서 오며, 코인은 가치 없는 테스트 네트워크에 있습니다. 이 사본을 운영하는 사람이 운영자이며, 사이트와 법률 페이지에 책임을 집니다. 데모의 법률 페이지는 템플릿입니다. 거래소가 어떻게 만들어졌는지는 [백서](/informationTwo)에서 읽을 수 있고, 운영자에게는 [의견 보내기](/feedback)로 연락할 수 있습니다.
`,
    },
    es: {
      title: 'Acerca de OpenEx',
      summary: 'OpenEx es un exchange de activos digitales de código abierto escrito en TypeScript. Qué ofrece, cómo se gestiona y qué es esta demo.',
      markdown: md`
OpenEx es un exchange de activos digitales de código abierto escrito en TypeScript: un terminal de trading en tiempo real en el navegador y el exchange que hay detrás, en un solo repositorio y, por defecto, en un solo proceso. Este sitio lo ejecuta como demostración.

## Qué ofrece

- Trading spot en doce mercados frente a USDT, con órdenes límite, de mercado y condicionales, y dos bots cuantitativos.
- Contratos perpetuos lineales con margen en USDT, con las fórmulas publicadas por Binance.
- Contratos por segundos que se liquidan con un registro público de precios encadenado por hashes.
- Productos de inversión y pools de minería: promesas a plazo fijo del operador, pagadas desde una tesorería que el operador financia. Con tu capital no se opera ni se mina nada, y una compra solo se acepta mientras la tesorería cubre todos los rendimientos ya prometidos.
- Depósitos y retiros, verificación de identidad, un centro de seguridad, invitaciones y una prueba de pasivos diaria.
- API REST y WebSocket compatibles con Binance, para que los bots de trading existentes funcionen sin cambios.
- Nueve idiomas de interfaz.

## Cómo se gestiona

El exchange guarda el dinero como enteros exactos en un libro contable de partida doble, responde a una orden solo cuando está escrita de forma duradera y registra cada acción del operador con su motivo. Un operador puede abonar, congelar o bloquear saldos, revisar retiros e identidades y abrir o cerrar mercados, pero ningún comando elige el resultado de una operación, un contrato o un bot.

## Esta demo

Aquí los precios vienen de un simulador con semilla fija y la liquidez de un bot creador de mercado, y las monedas están en una red de pruebas sin valor. Quien ejecuta esta copia es su operador, responsable de ella y de sus páginas legales, que en la demo son plantillas. Lee el [libro blanco](/informationTwo) para saber cómo está hecho el exchange, y contacta con el operador mediante los [comentarios](/feedback).
`,
    },
    it: {
      title: 'Informazioni su OpenEx',
      summary: "OpenEx è un exchange di asset digitali open source scritto in TypeScript. Cosa offre, come viene gestito e cos'è questa demo.",
      markdown: md`
OpenEx è un exchange di asset digitali open source scritto in TypeScript: un terminale di trading in tempo reale nel browser e l'exchange che c'è dietro, in un unico repository e, per impostazione predefinita, in un unico processo. Questo sito lo esegue come dimostrazione.

## Cosa offre

- Trading spot su dodici mercati contro USDT, con ordini limite, a mercato e condizionali, e due bot quantitativi.
- Contratti perpetui lineari con margine in USDT, con le formule pubblicate da Binance.
- Contratti a secondi che si regolano su un registro pubblico dei prezzi concatenato da hash.
- Prodotti di rendimento e pool di mining: promesse a termine fisso dell'operatore, pagate da una tesoreria che l'operatore finanzia. Con il tuo capitale non si fa trading né mining, e un acquisto viene accettato solo finché la tesoreria copre tutti i rendimenti già promessi.
- Depositi e prelievi, verifica dell'identità, un centro sicurezza, inviti e una prova delle passività giornaliera.
- API REST e WebSocket compatibili con Binance, così i bot di trading esistenti funzionano senza modifiche.
- Nove lingue dell'interfaccia.

## Come viene gestito

L'exchange tiene il denaro come interi esatti in un registro a partita doppia, risponde a un ordine solo quando è scritto in modo durevole e registra ogni azione dell'operatore con il suo motivo. Un operatore può accreditare, congelare o bloccare saldi, esaminare prelievi e identità e aprire o chiudere mercati, ma nessun comando sceglie l'esito di uno scambio, di un contratto o di un bot.

## Questa demo

Qui i prezzi vengono da un simulatore con seme fisso e la liquidità da un bot market maker, e le monete stanno su una rete di test senza valore. Chi esegue questa copia ne è l'operatore, responsabile del sito e delle sue pagine legali, che nella demo sono modelli. Leggi il [white paper](/informationTwo) per sapere come è costruito l'exchange, e contatta l'operatore tramite il [feedback](/feedback).
`,
    },
    pt: {
      title: 'Sobre a OpenEx',
      summary: 'A OpenEx é uma exchange de ativos digitais de código aberto escrita em TypeScript. O que ela oferece, como é operada e o que é esta demonstração.',
      markdown: md`
A OpenEx é uma exchange de ativos digitais de código aberto escrita em TypeScript: um terminal de negociação em tempo real no navegador e a exchange por trás dele, em um único repositório e, por padrão, em um único processo. Este site a executa como demonstração.

## O que ela oferece

- Negociação spot em doze mercados contra USDT, com ordens limitadas, a mercado e condicionais, e dois bots quantitativos.
- Contratos perpétuos lineares com margem em USDT, com as fórmulas publicadas pela Binance.
- Contratos por segundos liquidados por um registro público de preços encadeado por hashes.
- Produtos de investimento e pools de mineração: promessas de prazo fixo do operador, pagas por uma tesouraria que o operador abastece. Nada é negociado ou minerado com o seu principal, e uma compra só é aceita enquanto a tesouraria cobre todos os rendimentos já prometidos.
- Depósitos e saques, verificação de identidade, uma central de segurança, convites e uma prova de passivos diária.
- APIs REST e WebSocket compatíveis com a Binance, para que os bots de negociação existentes funcionem sem mudanças.
- Nove idiomas de interface.

## Como é operada

A exchange guarda o dinheiro como inteiros exatos em um livro contábil de partidas dobradas, responde a uma ordem só depois de gravá-la de forma durável e registra cada ação do operador com o motivo. Um operador pode creditar, congelar ou bloquear saldos, analisar saques e identidades e abrir ou fechar mercados, mas nenhum comando escolhe o resultado de uma negociação, de um contrato ou de um bot.

## Esta demonstração

Aqui os preços vêm de um simulador com semente fixa e a liquidez de um bot formador de mercado, e as moedas ficam em uma rede de teste sem valor. Quem executa esta cópia é o operador dela, responsável por ela e por suas páginas legais, que na demonstração são modelos. Leia o [white paper](/informationTwo) para saber como a exchange é construída e fale com o operador pelo [feedback](/feedback).
`,
    },
  },
};

export const PAGES_ABOUT: readonly DemoArticle[] = [ABOUT];
