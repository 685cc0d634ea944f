// Help, funds: deposits, withdrawals and their review, the five accounts and transfers between them.

import { md, type DemoArticle } from './types.ts';

const DEPOSIT: DemoArticle = {
  seedKey: 'help.funds.deposit',
  kind: 'help',
  category: 'funds',
  ageDays: 19,
  texts: {
    en: {
      title: 'Depositing coins',
      summary: 'Which coins are credited automatically, your deposit address, 12 confirmations, and what happens to deposits below the minimum.',
      markdown: md`
Open [Deposit](/recharge) and choose the coin.

## Coins credited automatically

- **USDT** (ERC-20 on Ethereum) and **ETH** share one Ethereum deposit address.
- **BTC** has its own native SegWit address, when the operator has connected a Bitcoin source; otherwise Bitcoin deposits are off.
- Other coins are not credited automatically: contact customer service.

Your address is made for you the first time you ask and stays the same afterwards. Copy it or scan its QR code. Send only the coin and network shown: coins sent on another network may be lost.

## When it arrives

A deposit appears as **pending** with its number of confirmations and is credited to your coin account at **12 confirmations**. If the chain reorganises and the transaction disappears before that, the deposit is marked **orphaned** and is not credited. A deposit is credited once and only once, even if the exchange restarts in the meantime.

Deposits below **0.001** of the coin are recorded but **not credited**: the coins stay at the address, and only an operator can credit them by hand.

## In this demo

The demo normally runs on a test network. Its coins have no value, and the operator decides how test coins are handed out. Your deposits are listed on the deposit page, and every credit also appears in [the asset records](/assetRecords).
`,
    },
    'zh-CN': {
      title: '充值',
      summary: '哪些币会自动入账、您的充值地址、12 个确认，以及低于最低金额的充值会怎样。',
      markdown: md`
打开[充值](/recharge)页面并选择币种。

## 自动入账的币种

- **USDT**（以太坊上的 ERC-20）和 **ETH** 共用一个以太坊充值地址。
- **BTC** 有自己的原生隔离见证地址，前提是运营者已连接比特币数据源；否则比特币充值处于关闭状态。
- 其他币种不会自动入账：请联系客服。

您第一次请求时会为您生成地址，之后一直不变。复制地址或扫描它的二维码。只发送页面上显示的币种和网络：通过其他网络发送的币可能会丢失。

## 何时到账

充值会显示为**待确认**并附带确认数，达到 **12 个确认**后记入您的币币账户。如果在此之前链发生重组、交易消失，这笔充值会被标记为**已孤立**，不会入账。每笔充值只会入账一次，即使交易所在此期间重启也一样。

低于该币 **0.001** 的充值会被记录但**不会入账**：币留在该地址上，只有运营者可以手动入账。

## 在本演示中

本演示通常运行在测试网络上。测试网络的币没有价值，测试币如何发放由运营者决定。您的充值列在充值页面上，每一笔入账也会出现在[资产记录](/assetRecords)中。
`,
    },
    'zh-TW': {
      title: '充值',
      summary: '哪些幣會自動入帳、您的充值地址、12 個確認，以及低於最低金額的充值會怎樣。',
      markdown: md`
開啟[充值](/recharge)頁面並選擇幣種。

## 自動入帳的幣種

- **USDT**（以太坊上的 ERC-20）和 **ETH** 共用一個以太坊充值地址。
- **BTC** 有自己的原生隔離見證地址，前提是營運者已連接比特幣資料來源；否則比特幣充值處於關閉狀態。
- 其他幣種不會自動入帳：請聯絡客服。

您第一次請求時會為您產生地址，之後一直不變。複製地址或掃描它的 QR 碼。只傳送頁面上顯示的幣種和網路：透過其他網路傳送的幣可能會遺失。

## 何時到帳

充值會顯示為**待確認**並附帶確認數，達到 **12 個確認**後記入您的幣幣帳戶。如果在此之前鏈發生重組、交易消失，這筆充值會被標記為**已孤立**，不會入帳。每筆充值只會入帳一次，即使交易所在此期間重新啟動也一樣。

低於該幣 **0.001** 的充值會被記錄但**不會入帳**：幣留在該地址上，只有營運者可以手動入帳。

## 在本示範中

本示範通常運行在測試網路上。測試網路的幣沒有價值，測試幣如何發放由營運者決定。您的充值列在充值頁面上，每一筆入帳也會出現在[資產紀錄](/assetRecords)中。
`,
    },
    ja: {
      title: 'コインの入金',
      summary: '自動で入金されるコイン、あなたの入金アドレス、12 承認、そして最低額に満たない入金の扱いについて。',
      markdown: md`
[入金](/recharge)を開いてコインを選びます。

## 自動で入金されるコイン

- **USDT**（イーサリアム上の ERC-20）と **ETH** は、1 つのイーサリアム入金アドレスを共有します。
- **BTC** には専用のネイティブ SegWit アドレスがあります。ただし運営者がビットコインのデータ源を接続している場合に限り、そうでなければビットコインの入金は停止しています。
- その他のコインは自動では入金されません。カスタマーサービスにご連絡ください。

アドレスは初めて求めたときに作られ、その後は変わりません。コピーするか QR コードを読み取ってください。表示されたコインとネットワークだけで送金してください。別のネットワークで送ったコインは失われることがあります。

## いつ反映されるか

入金は承認数とともに**保留中**と表示され、**12 承認**で現物口座に入金されます。それまでにチェーンが再編成されて取引が消えた場合、入金は**孤立**と記録され、入金されません。入金は、その間に取引所が再起動しても、一度だけ確実に反映されます。

コインの **0.001** 未満の入金は記録されますが**入金されません**。コインはアドレスに残り、手作業で入金できるのは運営者だけです。

## このデモでは

デモは通常テストネットワークで動いています。そのコインには価値がなく、テストコインの配布方法は運営者が決めます。入金は入金ページに一覧され、反映された入金は[資産履歴](/assetRecords)にも表示されます。
`,
    },
    th: {
      title: 'การฝากเหรียญ',
      summary: 'เหรียญใดเข้าบัญชีอัตโนมัติ ที่อยู่ฝากของคุณ การยืนยัน 12 ครั้ง และสิ่งที่เกิดกับการฝากที่ต่ำกว่าขั้นต่ำ',
      markdown: md`
เปิด[ฝากเงิน](/recharge)แล้วเลือกเหรียญ

## เหรียญที่เข้าบัญชีอัตโนมัติ

- **USDT** (ERC-20 บนอีเธอเรียม) และ **ETH** ใช้ที่อยู่ฝากอีเธอเรียมเดียวกัน
- **BTC** มีที่อยู่เนทีฟ SegWit ของตัวเอง เมื่อผู้ดูแลเชื่อมต่อแหล่งข้อมูลบิตคอยน์แล้ว มิฉะนั้นการฝากบิตคอยน์จะปิดอยู่
- เหรียญอื่นไม่เข้าบัญชีอัตโนมัติ: โปรดติดต่อฝ่ายบริการลูกค้า

ที่อยู่ของคุณถูกสร้างขึ้นครั้งแรกที่คุณขอ และจะคงเดิมตลอดไป คัดลอกที่อยู่หรือสแกนคิวอาร์โค้ด ส่งเฉพาะเหรียญและเครือข่ายที่แสดงไว้เท่านั้น เหรียญที่ส่งผ่านเครือข่ายอื่นอาจสูญหาย

## เมื่อใดจะเข้าบัญชี

การฝากจะแสดงเป็น **รอดำเนินการ** พร้อมจำนวนการยืนยัน และจะเข้าบัญชีเหรียญของคุณเมื่อครบ **12 การยืนยัน** หากเชนจัดระเบียบใหม่และธุรกรรมหายไปก่อนหน้านั้น การฝากจะถูกทำเครื่องหมายว่า **ถูกทิ้ง** และไม่เข้าบัญชี การฝากแต่ละครั้งเข้าบัญชีครั้งเดียวเท่านั้น แม้กระดานเทรดจะรีสตาร์ตระหว่างนั้น

การฝากที่ต่ำกว่า **0.001** ของเหรียญจะถูกบันทึกแต่ **ไม่เข้าบัญชี**: เหรียญยังอยู่ที่ที่อยู่นั้น และมีเพียงผู้ดูแลที่นำเข้าบัญชีด้วยมือได้

## ในการสาธิตนี้

โดยปกติการสาธิตทำงานบนเครือข่ายทดสอบ เหรียญของเครือข่ายนี้ไม่มีมูลค่า และผู้ดูแลเป็นผู้กำหนดวิธีแจกเหรียญทดสอบ รายการฝากของคุณแสดงอยู่ในหน้าฝากเงิน และทุกการเข้าบัญชียังปรากฏใน[ประวัติสินทรัพย์](/assetRecords)ด้วย
`,
    },
    ko: {
      title: '코인 입금',
      summary: '자동으로 입금되는 코인, 내 입금 주소, 12번의 컨펌, 그리고 최소 금액 미만 입금은 어떻게 되는지 안내합니다.',
      markdown: md`
[입금](/recharge)을 열고 코인을 고릅니다.

## 자동으로 입금되는 코인

- **USDT**(이더리움의 ERC-20)와 **ETH**는 하나의 이더리움 입금 주소를 함께 씁니다.
- **BTC**는 운영자가 비트코인 데이터 소스를 연결한 경우 자체 네이티브 SegWit 주소를 가지며, 그렇지 않으면 비트코인 입금은 꺼져 있습니다.
- 그 밖의 코인은 자동으로 입금되지 않습니다. 고객 지원에 문의하세요.

주소는 처음 요청할 때 만들어지고 그 뒤로는 바뀌지 않습니다. 주소를 복사하거나 QR 코드를 스캔하세요. 표시된 코인과 네트워크로만 보내세요. 다른 네트워크로 보낸 코인은 잃을 수 있습니다.

## 언제 들어오나요

입금은 컨펌 수와 함께 **대기 중**으로 표시되고, **12번 컨펌**되면 현물 계정에 입금됩니다. 그 전에 체인이 재구성되어 거래가 사라지면 입금은 **고아**로 표시되고 입금되지 않습니다. 입금은 그 사이에 거래소가 다시 시작되더라도 정확히 한 번만 반영됩니다.

코인 **0.001** 미만의 입금은 기록되지만 **입금되지 않습니다**. 코인은 주소에 남아 있으며, 운영자만 수동으로 입금할 수 있습니다.

## 이 데모에서는

데모는 보통 테스트 네트워크에서 돌아갑니다. 그 코인은 가치가 없으며, 테스트 코인을 어떻게 나눠 줄지는 운영자가 정합니다. 입금 내역은 입금 페이지에 나오고, 반영된 입금은 [자산 내역](/assetRecords)에도 표시됩니다.
`,
    },
    es: {
      title: 'Depositar monedas',
      summary: 'Qué monedas se abonan automáticamente, tu dirección de depósito, las 12 confirmaciones y qué pasa con los depósitos por debajo del mínimo.',
      markdown: md`
Abre [Depositar](/recharge) y elige la moneda.

## Monedas que se abonan automáticamente

- **USDT** (ERC-20 en Ethereum) y **ETH** comparten una dirección de depósito de Ethereum.
- **BTC** tiene su propia dirección SegWit nativa cuando el operador ha conectado una fuente de Bitcoin; si no, los depósitos de Bitcoin están desactivados.
- Las demás monedas no se abonan automáticamente: contacta con atención al cliente.

Tu dirección se crea la primera vez que la pides y después no cambia. Cópiala o escanea su código QR. Envía solo la moneda y la red que se muestran: las monedas enviadas por otra red pueden perderse.

## Cuándo llega

Un depósito aparece como **pendiente** con su número de confirmaciones y se abona en tu cuenta spot al llegar a **12 confirmaciones**. Si la cadena se reorganiza y la transacción desaparece antes, el depósito se marca como **huérfano** y no se abona. Un depósito se abona una vez y solo una, aunque el exchange se reinicie mientras tanto.

Los depósitos inferiores a **0,001** de la moneda se registran pero **no se abonan**: las monedas se quedan en la dirección, y solo un operador puede abonarlas a mano.

## En esta demo

La demo funciona normalmente sobre una red de pruebas. Sus monedas no tienen valor, y el operador decide cómo se reparten las monedas de prueba. Tus depósitos aparecen en la página de depósito, y cada abono aparece también en [el historial de activos](/assetRecords).
`,
    },
    it: {
      title: 'Depositare monete',
      summary: 'Quali monete vengono accreditate in automatico, il tuo indirizzo di deposito, le 12 conferme e cosa succede ai depositi sotto il minimo.',
      markdown: md`
Apri [Deposita](/recharge) e scegli la moneta.

## Monete accreditate in automatico

- **USDT** (ERC-20 su Ethereum) ed **ETH** condividono un indirizzo di deposito Ethereum.
- **BTC** ha un proprio indirizzo SegWit nativo, quando l'operatore ha collegato una fonte Bitcoin; altrimenti i depositi Bitcoin sono disattivati.
- Le altre monete non vengono accreditate in automatico: contatta l'assistenza clienti.

Il tuo indirizzo viene creato la prima volta che lo chiedi e poi resta lo stesso. Copialo o inquadra il suo codice QR. Invia solo la moneta e la rete indicate: le monete inviate su un'altra rete possono andare perse.

## Quando arriva

Un deposito compare come **in attesa** con il numero di conferme e viene accreditato sul tuo conto spot a **12 conferme**. Se la catena si riorganizza e la transazione sparisce prima, il deposito viene segnato come **orfano** e non viene accreditato. Un deposito viene accreditato una volta e una sola, anche se nel frattempo l'exchange si riavvia.

I depositi inferiori a **0,001** della moneta vengono registrati ma **non accreditati**: le monete restano all'indirizzo, e solo un operatore può accreditarle a mano.

## In questa demo

La demo gira di norma su una rete di test. Le sue monete non hanno valore, e l'operatore decide come distribuire le monete di test. I tuoi depositi sono elencati nella pagina di deposito, e ogni accredito compare anche nei [movimenti degli asset](/assetRecords).
`,
    },
    pt: {
      title: 'Depositar moedas',
      summary: 'Quais moedas são creditadas automaticamente, seu endereço de depósito, as 12 confirmações e o que acontece com depósitos abaixo do mínimo.',
      markdown: md`
Abra [Depositar](/recharge) e escolha a moeda.

## Moedas creditadas automaticamente

- **USDT** (ERC-20 na Ethereum) e **ETH** compartilham um endereço de depósito Ethereum.
- **BTC** tem seu próprio endereço SegWit nativo, quando o operador conectou uma fonte de Bitcoin; caso contrário, os depósitos de Bitcoin ficam desativados.
- As demais moedas não são creditadas automaticamente: fale com o atendimento.

Seu endereço é criado na primeira vez que você o pede e depois não muda. Copie-o ou leia o QR code. Envie apenas a moeda e a rede mostradas: moedas enviadas por outra rede podem ser perdidas.

## Quando chega

Um depósito aparece como **pendente** com seu número de confirmações e é creditado na sua conta spot ao atingir **12 confirmações**. Se a cadeia se reorganizar e a transação sumir antes disso, o depósito é marcado como **órfão** e não é creditado. Um depósito é creditado uma vez e somente uma, mesmo que a exchange reinicie nesse meio-tempo.

Depósitos abaixo de **0,001** da moeda são registrados, mas **não creditados**: as moedas ficam no endereço, e só um operador pode creditá-las manualmente.

## Nesta demonstração

A demonstração normalmente roda em uma rede de teste. As moedas dela não têm valor, e o operador decide como as moedas de teste são distribuídas. Seus depósitos aparecem na página de depósito, e cada crédito também aparece no [histórico de ativos](/assetRecords).
`,
    },
  },
};

const WITHDRAW: DemoArticle = {
  seedKey: 'help.funds.withdraw',
  kind: 'help',
  category: 'funds',
  ageDays: 19,
  texts: {
    en: {
      title: 'Withdrawals and their review',
      summary: 'What a withdrawal needs (identity, fund password, limits), how an operator reviews it, and the statuses it goes through.',
      markdown: md`
Open [Withdraw](/withdrawal), choose the coin and network, and enter the address and the amount.

## What a withdrawal needs

- A **verified identity** and your **fund password**; the authenticator's code too when two-factor sign-in is on.
- No change of the login password, the fund password or the authenticator in the last **24 hours**.
- An address valid for the network. With the **whitelist** on, only addresses saved in your address book at least 24 hours ago can be used.
- At least the network's minimum, and more than its fee: USDT 10 minimum with a 1 USDT fee, ETH 0.01 minimum with a 0.001 ETH fee (the operator may change these). Bitcoin withdrawals are not available in this release.
- Room in your **daily limit**, counted in USDT over the last 24 hours: 50,000 for a verified identity, plus 50,000 for a bound e-mail, 50,000 for a bound phone and 100,000 for an authenticator.

## Review

| status | meaning |
|---|---|
| Applied | the amount and fee are held; you may still cancel |
| Approved | an operator checked it; it goes to the signer |
| Broadcast | sent to the network, with its transaction hash |
| Confirmed | final on the network |
| Rejected | an operator refused it with a reason; the funds return |

Every withdrawal is reviewed by an operator before anything is signed. You are told when yours is applied, rejected or sent.
`,
    },
    'zh-CN': {
      title: '提币及其审核',
      summary: '提币需要什么（身份认证、资金密码、限额），运营者如何审核，以及提币会经历哪些状态。',
      markdown: md`
打开[提币](/withdrawal)页面，选择币种和网络，输入地址和金额。

## 提币需要什么

- **已通过的身份认证**和您的**资金密码**；开启双重验证登录时还需要身份验证器的验证码。
- 最近 **24 小时**内没有修改过登录密码、资金密码或身份验证器。
- 对该网络有效的地址。开启**白名单**后，只能使用至少 24 小时前保存在地址簿中的地址。
- 不低于该网络的最低金额，且大于手续费：USDT 最低 10，手续费 1 USDT；ETH 最低 0.01，手续费 0.001 ETH（运营者可以修改）。本版本暂不支持比特币提币。
- **每日限额**还有余量，按最近 24 小时以 USDT 计算：身份认证 50,000，绑定邮箱再加 50,000，绑定手机再加 50,000，身份验证器再加 100,000。

## 审核

| 状态 | 含义 |
|---|---|
| 已申请 | 金额和手续费已冻结；您仍可撤销 |
| 已批准 | 运营者已检查；交给签名程序 |
| 已广播 | 已发送到网络，附带交易哈希 |
| 已确认 | 在网络上已最终确认 |
| 已拒绝 | 运营者拒绝并说明原因；资金退回 |

每一笔提币在签名之前都由运营者审核。您的提币在申请、被拒绝或发出时，您都会收到通知。
`,
    },
    'zh-TW': {
      title: '提幣及其審核',
      summary: '提幣需要什麼（身分驗證、資金密碼、限額），營運者如何審核，以及提幣會經歷哪些狀態。',
      markdown: md`
開啟[提幣](/withdrawal)頁面，選擇幣種和網路，輸入地址和金額。

## 提幣需要什麼

- **已通過的身分驗證**和您的**資金密碼**；開啟雙重驗證登入時還需要驗證器的驗證碼。
- 最近 **24 小時**內沒有修改過登入密碼、資金密碼或驗證器。
- 對該網路有效的地址。開啟**白名單**後，只能使用至少 24 小時前儲存在地址簿中的地址。
- 不低於該網路的最低金額，且大於手續費：USDT 最低 10，手續費 1 USDT；ETH 最低 0.01，手續費 0.001 ETH（營運者可以修改）。本版本暫不支援比特幣提幣。
- **每日限額**還有餘量，依最近 24 小時以 USDT 計算：身分驗證 50,000，綁定電子郵件再加 50,000，綁定手機再加 50,000，驗證器再加 100,000。

## 審核

| 狀態 | 含義 |
|---|---|
| 已申請 | 金額和手續費已凍結；您仍可取消 |
| 已核准 | 營運者已檢查；交給簽章程式 |
| 已廣播 | 已傳送到網路，附帶交易雜湊 |
| 已確認 | 在網路上已最終確認 |
| 已拒絕 | 營運者拒絕並說明原因；資金退回 |

每一筆提幣在簽章之前都由營運者審核。您的提幣在申請、被拒絕或送出時，您都會收到通知。
`,
    },
    ja: {
      title: '出金とその審査',
      summary: '出金に必要なもの（本人確認、資金パスワード、限度額）、運営者による審査、そして出金がたどるステータスを説明します。',
      markdown: md`
[出金](/withdrawal)を開き、コインとネットワークを選んで、アドレスと金額を入力します。

## 出金に必要なもの

- **本人確認の完了**と**資金パスワード**。2 段階認証ログインを有効にしている場合は認証アプリのコードも。
- 直近 **24 時間**にログインパスワード、資金パスワード、認証アプリを変更していないこと。
- そのネットワークで有効なアドレス。**ホワイトリスト**が有効なら、24 時間以上前にアドレス帳に保存したアドレスだけが使えます。
- ネットワークの最低額以上で、手数料より多い金額。USDT は最低 10、手数料 1 USDT、ETH は最低 0.01、手数料 0.001 ETH（運営者が変更できます）。このリリースではビットコインの出金はできません。
- **1 日の限度額**の空き。直近 24 時間を USDT 換算で数えます。本人確認で 50,000、メール登録で 50,000、電話登録で 50,000、認証アプリで 100,000 が加わります。

## 審査

| ステータス | 意味 |
|---|---|
| 申請済み | 金額と手数料が拘束されています。まだ取り消せます |
| 承認済み | 運営者が確認し、署名プログラムに渡されます |
| ブロードキャスト済み | 取引ハッシュとともにネットワークに送信されました |
| 確定 | ネットワーク上で確定しました |
| 却下 | 運営者が理由を添えて拒否しました。資金は戻ります |

すべての出金は、何かに署名する前に運営者が審査します。出金が申請されたとき、却下されたとき、送信されたときには通知が届きます。
`,
    },
    th: {
      title: 'การถอนเงินและการตรวจสอบ',
      summary: 'สิ่งที่การถอนต้องมี (การยืนยันตัวตน รหัสผ่านการเงิน วงเงิน) วิธีที่ผู้ดูแลตรวจสอบ และสถานะที่การถอนผ่าน',
      markdown: md`
เปิด[ถอนเงิน](/withdrawal) เลือกเหรียญและเครือข่าย แล้วกรอกที่อยู่และจำนวนเงิน

## สิ่งที่การถอนต้องมี

- **ตัวตนที่ยืนยันแล้ว** และ **รหัสผ่านการเงิน** ของคุณ รวมถึงรหัสจากแอปยืนยันตัวตนเมื่อเปิดการเข้าสู่ระบบสองขั้นตอน
- ไม่มีการเปลี่ยนรหัสผ่านเข้าสู่ระบบ รหัสผ่านการเงิน หรือแอปยืนยันตัวตนใน **24 ชั่วโมง** ที่ผ่านมา
- ที่อยู่ที่ถูกต้องสำหรับเครือข่ายนั้น เมื่อเปิด **ไวต์ลิสต์** จะใช้ได้เฉพาะที่อยู่ที่บันทึกไว้ในสมุดที่อยู่อย่างน้อย 24 ชั่วโมงก่อน
- อย่างน้อยเท่ากับขั้นต่ำของเครือข่ายและมากกว่าค่าธรรมเนียม: USDT ขั้นต่ำ 10 ค่าธรรมเนียม 1 USDT, ETH ขั้นต่ำ 0.01 ค่าธรรมเนียม 0.001 ETH (ผู้ดูแลเปลี่ยนได้) รุ่นนี้ยังถอนบิตคอยน์ไม่ได้
- ยังมีที่ว่างใน **วงเงินรายวัน** นับเป็น USDT ในช่วง 24 ชั่วโมงที่ผ่านมา: 50,000 สำหรับตัวตนที่ยืนยันแล้ว บวก 50,000 สำหรับอีเมลที่ผูกไว้ 50,000 สำหรับโทรศัพท์ที่ผูกไว้ และ 100,000 สำหรับแอปยืนยันตัวตน

## การตรวจสอบ

| สถานะ | ความหมาย |
|---|---|
| ยื่นคำขอแล้ว | จำนวนเงินและค่าธรรมเนียมถูกกันไว้ คุณยังยกเลิกได้ |
| อนุมัติแล้ว | ผู้ดูแลตรวจแล้ว ส่งต่อให้ตัวลงนาม |
| ส่งออกแล้ว | ส่งไปยังเครือข่ายแล้ว พร้อมแฮชธุรกรรม |
| ยืนยันแล้ว | เสร็จสมบูรณ์บนเครือข่าย |
| ถูกปฏิเสธ | ผู้ดูแลปฏิเสธพร้อมเหตุผล เงินกลับคืน |

การถอนทุกครั้งถูกผู้ดูแลตรวจสอบก่อนมีการลงนามใด ๆ คุณจะได้รับแจ้งเมื่อการถอนของคุณถูกยื่น ถูกปฏิเสธ หรือถูกส่งออก
`,
    },
    ko: {
      title: '출금과 심사',
      summary: '출금에 필요한 것(신원 인증, 자금 비밀번호, 한도), 운영자의 심사 방식, 출금이 거치는 상태를 안내합니다.',
      markdown: md`
[출금](/withdrawal)을 열고 코인과 네트워크를 고른 뒤 주소와 금액을 입력합니다.

## 출금에 필요한 것

- **인증된 신원**과 **자금 비밀번호**. 2단계 인증 로그인이 켜져 있으면 인증 앱의 코드도 필요합니다.
- 최근 **24시간** 안에 로그인 비밀번호, 자금 비밀번호, 인증 앱을 바꾸지 않았을 것.
- 해당 네트워크에서 유효한 주소. **화이트리스트**가 켜져 있으면 최소 24시간 전에 주소록에 저장한 주소만 쓸 수 있습니다.
- 네트워크 최소 금액 이상이고 수수료보다 클 것: USDT 최소 10, 수수료 1 USDT, ETH 최소 0.01, 수수료 0.001 ETH(운영자가 바꿀 수 있음). 이번 릴리스에서는 비트코인 출금을 할 수 없습니다.
- **일일 한도**에 여유가 있을 것. 최근 24시간을 USDT로 환산해 셉니다. 신원 인증 50,000에, 이메일 연결 50,000, 전화 연결 50,000, 인증 앱 100,000이 더해집니다.

## 심사

| 상태 | 의미 |
|---|---|
| 신청됨 | 금액과 수수료가 묶여 있습니다. 아직 취소할 수 있습니다 |
| 승인됨 | 운영자가 확인했으며 서명 프로그램으로 넘어갑니다 |
| 전송됨 | 거래 해시와 함께 네트워크로 보내졌습니다 |
| 확정됨 | 네트워크에서 확정되었습니다 |
| 거부됨 | 운영자가 사유와 함께 거부했습니다. 자금이 돌아옵니다 |

모든 출금은 서명하기 전에 운영자가 심사합니다. 출금이 신청되거나 거부되거나 전송되면 알려 드립니다.
`,
    },
    es: {
      title: 'Retiros y su revisión',
      summary: 'Qué necesita un retiro (identidad, contraseña de fondos, límites), cómo lo revisa un operador y los estados por los que pasa.',
      markdown: md`
Abre [Retirar](/withdrawal), elige la moneda y la red, y escribe la dirección y el importe.

## Qué necesita un retiro

- Una **identidad verificada** y tu **contraseña de fondos**; también el código del autenticador si el inicio de sesión en dos pasos está activado.
- Ningún cambio de la contraseña de inicio de sesión, de la contraseña de fondos ni del autenticador en las últimas **24 horas**.
- Una dirección válida para la red. Con la **lista blanca** activada, solo se pueden usar direcciones guardadas en tu libreta hace al menos 24 horas.
- Al menos el mínimo de la red, y más que su comisión: USDT mínimo 10 con comisión de 1 USDT, ETH mínimo 0,01 con comisión de 0,001 ETH (el operador puede cambiarlos). Los retiros de Bitcoin no están disponibles en esta versión.
- Margen en tu **límite diario**, contado en USDT sobre las últimas 24 horas: 50.000 por la identidad verificada, más 50.000 por un correo vinculado, 50.000 por un teléfono vinculado y 100.000 por un autenticador.

## Revisión

| estado | significado |
|---|---|
| Solicitado | el importe y la comisión están retenidos; aún puedes cancelar |
| Aprobado | un operador lo revisó; pasa al firmante |
| Emitido | enviado a la red, con su hash de transacción |
| Confirmado | definitivo en la red |
| Rechazado | un operador lo rechazó con un motivo; los fondos vuelven |

Cada retiro lo revisa un operador antes de firmar nada. Se te avisa cuando el tuyo se solicita, se rechaza o se envía.
`,
    },
    it: {
      title: 'I prelievi e la loro revisione',
      summary: "Cosa serve per un prelievo (identità, password dei fondi, limiti), come lo esamina un operatore e gli stati che attraversa.",
      markdown: md`
Apri [Preleva](/withdrawal), scegli la moneta e la rete e inserisci l'indirizzo e l'importo.

## Cosa serve per un prelievo

- Un'**identità verificata** e la tua **password dei fondi**; anche il codice dell'autenticatore quando l'accesso in due passaggi è attivo.
- Nessuna modifica della password di accesso, della password dei fondi o dell'autenticatore nelle ultime **24 ore**.
- Un indirizzo valido per la rete. Con la **whitelist** attiva si possono usare solo indirizzi salvati in rubrica da almeno 24 ore.
- Almeno il minimo della rete, e più della sua commissione: USDT minimo 10 con commissione di 1 USDT, ETH minimo 0,01 con commissione di 0,001 ETH (l'operatore può cambiarli). I prelievi Bitcoin non sono disponibili in questa versione.
- Spazio nel tuo **limite giornaliero**, contato in USDT sulle ultime 24 ore: 50.000 per l'identità verificata, più 50.000 per un'e-mail collegata, 50.000 per un telefono collegato e 100.000 per un autenticatore.

## Revisione

| stato | significato |
|---|---|
| Richiesto | importo e commissione sono trattenuti; puoi ancora annullare |
| Approvato | un operatore lo ha controllato; passa al firmatario |
| Trasmesso | inviato alla rete, con il suo hash di transazione |
| Confermato | definitivo sulla rete |
| Rifiutato | un operatore lo ha rifiutato con un motivo; i fondi tornano |

Ogni prelievo viene esaminato da un operatore prima che qualcosa venga firmato. Vieni informato quando il tuo viene richiesto, rifiutato o inviato.
`,
    },
    pt: {
      title: 'Saques e sua análise',
      summary: 'O que um saque exige (identidade, senha de fundos, limites), como um operador o analisa e os status pelos quais ele passa.',
      markdown: md`
Abra [Sacar](/withdrawal), escolha a moeda e a rede e informe o endereço e o valor.

## O que um saque exige

- **Identidade verificada** e sua **senha de fundos**; também o código do autenticador quando o login em duas etapas está ativo.
- Nenhuma alteração da senha de login, da senha de fundos ou do autenticador nas últimas **24 horas**.
- Um endereço válido para a rede. Com a **lista de permissões** ativa, só podem ser usados endereços salvos no seu catálogo há pelo menos 24 horas.
- Pelo menos o mínimo da rede, e mais que a taxa: USDT mínimo 10 com taxa de 1 USDT, ETH mínimo 0,01 com taxa de 0,001 ETH (o operador pode alterar). Saques de Bitcoin não estão disponíveis nesta versão.
- Espaço no seu **limite diário**, contado em USDT nas últimas 24 horas: 50.000 pela identidade verificada, mais 50.000 por um e-mail vinculado, 50.000 por um telefone vinculado e 100.000 por um autenticador.

## Análise

| status | significado |
|---|---|
| Solicitado | o valor e a taxa ficam retidos; você ainda pode cancelar |
| Aprovado | um operador conferiu; segue para o assinador |
| Transmitido | enviado à rede, com o hash da transação |
| Confirmado | definitivo na rede |
| Recusado | um operador recusou com um motivo; os fundos voltam |

Todo saque é analisado por um operador antes de qualquer assinatura. Você é avisado quando o seu é solicitado, recusado ou enviado.
`,
    },
  },
};

const TRANSFER: DemoArticle = {
  seedKey: 'help.funds.transfer',
  kind: 'help',
  category: 'funds',
  ageDays: 19,
  texts: {
    en: {
      title: 'Your five accounts and transfers between them',
      summary: 'What each of your five accounts is for, what available and frozen mean, and how to move coins between accounts.',
      markdown: md`
Your money sits in five accounts, one for each kind of use:

| account | used for |
|---|---|
| Coin account | spot trading, deposits, withdrawals and quantitative bots |
| Contract account | perpetual contracts |
| Seconds contract account | seconds contracts |
| Wealth account | wealth products and mining pools |
| Fiat account | a wallet without trading of its own: operator adjustments and transfers |

Each account shows, per coin, what is **available** and what is **frozen**: held by open orders, margin, running bots, withdrawals under review or open contracts.

## Transferring

Press **Transfer** on [My assets](/myassets), on any coin's row, in the trading terminal's account panel or on [the contract page](/contractTransaction). Choose the coin, the two accounts and the amount. A transfer costs nothing, is recorded in the **Transfer records** tab, and every balance change it makes appears in [the asset records](/assetRecords).

Only the available balance can be moved. From the contract account you can move at most what is free for new orders, and never so much that your cross positions would fall to their maintenance margin.

My assets also shows the total of the five accounts in USDT and in BTC, valued at the last trade price, and the balances follow every fill, cancel and transfer within a second.
`,
    },
    'zh-CN': {
      title: '您的五个账户及账户间划转',
      summary: '五个账户各自的用途，可用和冻结的含义，以及如何在账户之间划转币。',
      markdown: md`
您的资金存放在五个账户中，每个账户对应一种用途：

| 账户 | 用途 |
|---|---|
| 币币账户 | 现货交易、充值、提币和量化机器人 |
| 合约账户 | 永续合约 |
| 秒合约账户 | 秒合约 |
| 理财账户 | 理财产品和矿池 |
| 法币账户 | 没有自己交易功能的钱包：运营者调整和划转 |

每个账户按币种显示**可用**和**冻结**金额：冻结部分被未成交订单、保证金、运行中的机器人、审核中的提币或未结算的合约占用。

## 划转

在[我的资产](/myassets)、任一币种所在行、交易终端的账户面板或[合约页面](/contractTransaction)点击**划转**。选择币种、两个账户和金额。划转不收费用，记录在**划转记录**标签页中，它带来的每一笔余额变动都会出现在[资产记录](/assetRecords)中。

只有可用余额可以划转。从合约账户最多只能转出可用于新订单的部分，并且不能多到让您的全仓仓位跌到维持保证金。

我的资产还会以 USDT 和 BTC 显示五个账户的总额（按最新成交价估值），每一笔成交、撤单和划转都会在一秒内反映到余额上。
`,
    },
    'zh-TW': {
      title: '您的五個帳戶及帳戶間劃轉',
      summary: '五個帳戶各自的用途，可用和凍結的含義，以及如何在帳戶之間劃轉幣。',
      markdown: md`
您的資金存放在五個帳戶中，每個帳戶對應一種用途：

| 帳戶 | 用途 |
|---|---|
| 幣幣帳戶 | 現貨交易、充值、提幣和量化機器人 |
| 合約帳戶 | 永續合約 |
| 秒合約帳戶 | 秒合約 |
| 理財帳戶 | 理財產品和礦池 |
| 法幣帳戶 | 沒有自己交易功能的錢包：營運者調整和劃轉 |

每個帳戶依幣種顯示**可用**和**凍結**金額：凍結部分被未成交訂單、保證金、執行中的機器人、審核中的提幣或未結算的合約占用。

## 劃轉

在[我的資產](/myassets)、任一幣種所在列、交易終端的帳戶面板或[合約頁面](/contractTransaction)點擊**劃轉**。選擇幣種、兩個帳戶和金額。劃轉不收費用，紀錄在**劃轉紀錄**分頁中，它帶來的每一筆餘額變動都會出現在[資產紀錄](/assetRecords)中。

只有可用餘額可以劃轉。從合約帳戶最多只能轉出可用於新訂單的部分，並且不能多到讓您的全倉倉位跌到維持保證金。

我的資產還會以 USDT 和 BTC 顯示五個帳戶的總額（依最新成交價估值），每一筆成交、取消和劃轉都會在一秒內反映到餘額上。
`,
    },
    ja: {
      title: '5 つの口座と口座間の振替',
      summary: '5 つの口座それぞれの用途、利用可能と凍結の意味、そして口座間でコインを移す方法。',
      markdown: md`
あなたの資金は、用途ごとに 5 つの口座に分かれています。

| 口座 | 用途 |
|---|---|
| 現物口座 | 現物取引、入金、出金、クオンツボット |
| 先物口座 | 無期限先物 |
| 秒先物口座 | 秒先物 |
| 資産運用口座 | 資産運用商品とマイニングプール |
| 法定通貨口座 | 独自の取引機能を持たないウォレット：運営者による調整と振替 |

各口座はコインごとに**利用可能**と**凍結**の額を示します。凍結分は、未約定の注文、証拠金、稼働中のボット、審査中の出金、未決済の先物に拘束されています。

## 振替

[マイ資産](/myassets)、各コインの行、取引ターミナルの口座パネル、または[先物ページ](/contractTransaction)で**振替**を押します。コイン、2 つの口座、金額を選びます。振替は無料で、**振替履歴**タブに記録され、それによる残高の変化はすべて[資産履歴](/assetRecords)に表示されます。

移せるのは利用可能残高だけです。先物口座から移せるのは新規注文に使える分までで、クロスポジションが維持証拠金まで落ちるほどは移せません。

マイ資産では 5 つの口座の合計を USDT と BTC で（最終約定価格で評価して）表示し、約定・取消・振替は 1 秒以内に残高に反映されます。
`,
    },
    th: {
      title: 'บัญชีทั้งห้าของคุณและการโอนระหว่างบัญชี',
      summary: 'บัญชีทั้งห้าใช้ทำอะไร ยอดที่ใช้ได้และยอดที่ถูกตรึงหมายถึงอะไร และวิธีย้ายเหรียญระหว่างบัญชี',
      markdown: md`
เงินของคุณอยู่ในห้าบัญชี บัญชีละหนึ่งการใช้งาน:

| บัญชี | ใช้สำหรับ |
|---|---|
| บัญชีเหรียญ | การเทรดสปอต การฝาก การถอน และบอทเทรดเชิงปริมาณ |
| บัญชีสัญญา | สัญญาไม่มีวันหมดอายุ |
| บัญชีสัญญาวินาที | สัญญาวินาที |
| บัญชีการลงทุน | ผลิตภัณฑ์การลงทุนและพูลขุด |
| บัญชีเงินเฟียต | กระเป๋าที่ไม่มีการเทรดของตัวเอง: การปรับยอดโดยผู้ดูแลและการโอน |

แต่ละบัญชีแสดงยอด **ที่ใช้ได้** และ **ที่ถูกตรึง** ของแต่ละเหรียญ: ยอดที่ถูกตรึงถูกกันไว้โดยคำสั่งที่ค้างอยู่ มาร์จิ้น บอทที่กำลังทำงาน การถอนที่รอตรวจสอบ หรือสัญญาที่ยังเปิดอยู่

## การโอน

กด **โอนระหว่างบัญชี** ที่[สินทรัพย์ของฉัน](/myassets) ที่แถวของเหรียญใดก็ได้ ในแผงบัญชีของเทอร์มินัลเทรด หรือที่[หน้าสัญญา](/contractTransaction) เลือกเหรียญ บัญชีทั้งสอง และจำนวน การโอนไม่มีค่าใช้จ่าย ถูกบันทึกในแท็บ **ประวัติการโอน** และทุกการเปลี่ยนแปลงยอดที่เกิดขึ้นจะปรากฏใน[ประวัติสินทรัพย์](/assetRecords)

โอนได้เฉพาะยอดที่ใช้ได้เท่านั้น จากบัญชีสัญญา คุณโอนออกได้ไม่เกินยอดที่ว่างสำหรับคำสั่งใหม่ และต้องไม่มากจนโพซิชันแบบครอสลดลงถึงมาร์จิ้นรักษาสภาพ

หน้าสินทรัพย์ของฉันยังแสดงยอดรวมของทั้งห้าบัญชีเป็น USDT และ BTC ตามราคาซื้อขายล่าสุด และยอดคงเหลือจะตามทุกการจับคู่ การยกเลิก และการโอนภายในหนึ่งวินาที
`,
    },
    ko: {
      title: '다섯 계정과 계정 간 이체',
      summary: '다섯 계정이 각각 무엇에 쓰이는지, 사용 가능과 동결이 무엇을 뜻하는지, 계정 사이에 코인을 옮기는 방법을 안내합니다.',
      markdown: md`
당신의 돈은 용도별로 다섯 계정에 있습니다.

| 계정 | 용도 |
|---|---|
| 현물 계정 | 현물 거래, 입금, 출금, 퀀트 봇 |
| 선물 계정 | 무기한 선물 |
| 초 단위 선물 계정 | 초 단위 선물 |
| 자산 운용 계정 | 자산 운용 상품과 마이닝 풀 |
| 법정화폐 계정 | 자체 거래가 없는 지갑: 운영자 조정과 이체 |

각 계정은 코인별로 **사용 가능** 금액과 **동결** 금액을 보여 줍니다. 동결 금액은 미체결 주문, 증거금, 실행 중인 봇, 심사 중인 출금, 열린 계약에 묶여 있는 돈입니다.

## 이체

[내 자산](/myassets), 각 코인의 행, 거래 터미널의 계정 패널 또는 [선물 페이지](/contractTransaction)에서 **이체**를 누릅니다. 코인, 두 계정, 금액을 고릅니다. 이체는 무료이며 **이체 내역** 탭에 남고, 이체로 생긴 모든 잔액 변화는 [자산 내역](/assetRecords)에 나타납니다.

사용 가능 잔액만 옮길 수 있습니다. 선물 계정에서는 새 주문에 쓸 수 있는 만큼까지만 옮길 수 있으며, 교차 포지션이 유지 증거금까지 떨어질 만큼은 옮길 수 없습니다.

내 자산은 다섯 계정의 합계를 USDT와 BTC로(최종 체결가로 평가해) 보여 주며, 잔액은 모든 체결, 취소, 이체를 1초 안에 따라갑니다.
`,
    },
    es: {
      title: 'Tus cinco cuentas y las transferencias entre ellas',
      summary: 'Para qué sirve cada una de tus cinco cuentas, qué significan disponible y congelado, y cómo mover monedas entre cuentas.',
      markdown: md`
Tu dinero está en cinco cuentas, una para cada uso:

| cuenta | se usa para |
|---|---|
| Cuenta spot | trading spot, depósitos, retiros y bots cuantitativos |
| Cuenta de contratos | contratos perpetuos |
| Cuenta de contratos por segundos | contratos por segundos |
| Cuenta de inversión | productos de inversión y pools de minería |
| Cuenta fiat | un monedero sin trading propio: ajustes del operador y transferencias |

Cada cuenta muestra, por moneda, lo **disponible** y lo **congelado**: retenido por órdenes abiertas, margen, bots en marcha, retiros en revisión o contratos abiertos.

## Transferir

Pulsa **Transferir** en [Mis activos](/myassets), en la fila de cualquier moneda, en el panel de cuenta del terminal de trading o en [la página de contratos](/contractTransaction). Elige la moneda, las dos cuentas y el importe. Una transferencia no cuesta nada, queda en la pestaña **Transferencias**, y cada cambio de saldo que produce aparece en [el historial de activos](/assetRecords).

Solo se puede mover el saldo disponible. Desde la cuenta de contratos puedes sacar como mucho lo que está libre para nuevas órdenes, y nunca tanto que tus posiciones cruzadas caigan a su margen de mantenimiento.

Mis activos muestra además el total de las cinco cuentas en USDT y en BTC, valorado al último precio negociado, y los saldos siguen cada ejecución, cancelación y transferencia en menos de un segundo.
`,
    },
    it: {
      title: 'I tuoi cinque conti e i trasferimenti tra loro',
      summary: 'A cosa serve ciascuno dei tuoi cinque conti, cosa significano disponibile e congelato e come spostare monete tra i conti.',
      markdown: md`
Il tuo denaro si trova in cinque conti, uno per ogni uso:

| conto | serve per |
|---|---|
| Conto spot | trading spot, depositi, prelievi e bot quantitativi |
| Conto contratti | contratti perpetui |
| Conto contratti a secondi | contratti a secondi |
| Conto rendimenti | prodotti di rendimento e pool di mining |
| Conto fiat | un portafoglio senza trading proprio: rettifiche dell'operatore e trasferimenti |

Ogni conto mostra, per moneta, la parte **disponibile** e quella **congelata**: trattenuta da ordini aperti, margine, bot attivi, prelievi in revisione o contratti aperti.

## Trasferire

Premi **Trasferisci** in [I miei asset](/myassets), sulla riga di qualsiasi moneta, nel pannello del conto del terminale di trading o sulla [pagina dei contratti](/contractTransaction). Scegli la moneta, i due conti e l'importo. Un trasferimento non costa nulla, è registrato nella scheda **Trasferimenti**, e ogni variazione di saldo che produce compare nei [movimenti degli asset](/assetRecords).

Si può spostare solo il saldo disponibile. Dal conto contratti puoi spostare al massimo ciò che è libero per nuovi ordini, e mai tanto da far scendere le tue posizioni incrociate al margine di mantenimento.

I miei asset mostra anche il totale dei cinque conti in USDT e in BTC, valutato all'ultimo prezzo scambiato, e i saldi seguono ogni esecuzione, annullamento e trasferimento entro un secondo.
`,
    },
    pt: {
      title: 'Suas cinco contas e as transferências entre elas',
      summary: 'Para que serve cada uma das suas cinco contas, o que significam disponível e congelado e como mover moedas entre contas.',
      markdown: md`
Seu dinheiro fica em cinco contas, uma para cada uso:

| conta | usada para |
|---|---|
| Conta spot | negociação spot, depósitos, saques e bots quantitativos |
| Conta de contratos | contratos perpétuos |
| Conta de contratos por segundos | contratos por segundos |
| Conta de investimentos | produtos de investimento e pools de mineração |
| Conta fiduciária | uma carteira sem negociação própria: ajustes do operador e transferências |

Cada conta mostra, por moeda, o que está **disponível** e o que está **congelado**: retido por ordens abertas, margem, bots em funcionamento, saques em análise ou contratos abertos.

## Transferir

Clique em **Transferir** em [Meus ativos](/myassets), na linha de qualquer moeda, no painel de conta do terminal de negociação ou na [página de contratos](/contractTransaction). Escolha a moeda, as duas contas e o valor. Uma transferência não custa nada, fica registrada na aba **Transferências**, e cada mudança de saldo que ela causa aparece no [histórico de ativos](/assetRecords).

Só o saldo disponível pode ser movido. Da conta de contratos você pode tirar no máximo o que está livre para novas ordens, e nunca tanto que suas posições cruzadas caiam até a margem de manutenção.

Meus ativos também mostra o total das cinco contas em USDT e em BTC, avaliado pelo último preço negociado, e os saldos acompanham cada execução, cancelamento e transferência em menos de um segundo.
`,
    },
  },
};

export const HELP_FUNDS: readonly DemoArticle[] = [DEPOSIT, WITHDRAW, TRANSFER];
