// The three legal pages (/userAgreement, /privacyPolicy, /legalStatement). Templates for a self-hosted, open-source
// demo: each says so at the top, because the operator of an installation, not the software's authors, is the one
// who has to answer for them and must replace them.

import { md, type DemoArticle } from './types.ts';

const AGREEMENT: DemoArticle = {
  seedKey: 'page.user-agreement',
  kind: 'page',
  slug: 'user-agreement',
  texts: {
    en: {
      title: 'User agreement',
      summary: 'The terms of using this demo installation of OpenEx. A template: the operator of this site must replace it before offering any real service.',
      markdown: md`
**This text is a template that comes with OpenEx, an open-source exchange. Whoever operates this site must replace it with their own terms before offering any real service.**

## 1. Who provides the service

This site is run by its operator, not by the authors of the OpenEx software. The operator alone provides the service and is responsible for it.

## 2. The demo

This installation is a demo. Its coins are test-network coins without value, its prices come from a simulator, and the operator may reset it at any time, erasing accounts, balances and orders. Do not send real coins to a deposit address shown here.

## 3. Your account

Give a working e-mail address or phone number, and true details when you verify your identity. Keep your password, fund password and second factors secret: you are responsible for what is done with your account. Do not use another person's identity or account.

## 4. Risk

Trading digital assets can lose part or all of the money committed. Perpetual contracts use leverage and can be liquidated; a lost seconds contract loses its stake; quantitative bots place real orders and can lose. Wealth products and mining pools are promises of the operator, paid from the operator's treasury. Nothing on this site is investment advice or a promise of profit.

## 5. Rules of use

Do not manipulate markets, use stolen funds or identities, or attack the service or other users. The operator may freeze an account that breaks these rules, which stops its trading and signs it out; every such action is recorded with its reason.

## 6. Fees

Fees are shown on [the fee rates page](/rateStandard) and with each product before you act.

## 7. No warranty

The software is provided as it is, without warranty of any kind. As far as the law allows, neither the operator nor the software's authors are liable for losses from using this demo.

## 8. Changes

The operator may change these terms and publishes the current version on this page. The [privacy policy](/privacyPolicy) and the [legal statement](/legalStatement) also apply.
`,
    },
    'zh-CN': {
      title: '用户协议',
      summary: '使用本 OpenEx 演示站点的条款。这是一份模板：本站运营者在提供任何真实服务之前必须将其替换。',
      markdown: md`
**本文是开源交易所 OpenEx 附带的模板。运营本站的人在提供任何真实服务之前，必须用自己的条款替换它**。

## 1. 谁提供服务

本站由其运营者运营，而不是由 OpenEx 软件的作者运营。服务完全由运营者提供，并由运营者负责。

## 2. 演示

本站是一个演示。这里的币是测试网络上没有价值的币，价格来自模拟器，运营者可以随时重置它，清除账户、余额和订单。请不要向这里显示的充值地址发送真实的币。

## 3. 您的账户

请提供可用的电子邮箱或手机号，并在身份认证时提供真实信息。请对您的密码、资金密码和第二验证因素保密：您须对以您的账户进行的一切操作负责。不得使用他人的身份或账户。

## 4. 风险

交易数字资产可能损失部分或全部投入的资金。永续合约使用杠杆，可能被强平；秒合约输了会失去本金；量化机器人下的是真实订单，也可能亏损。理财产品和矿池是运营者的承诺，由运营者的资金池支付。本站的任何内容都不是投资建议，也不是盈利承诺。

## 5. 使用规则

不得操纵市场，不得使用被盗的资金或身份，不得攻击本服务或其他用户。运营者可以冻结违反这些规则的账户，被冻结的账户将停止交易并被退出登录；每一次此类操作都会连同原因一起记录。

## 6. 费用

费用显示在[费率标准页面](/rateStandard)上，以及您操作之前的每个产品旁边。

## 7. 不提供担保

本软件按现状提供，不附带任何形式的担保。在法律允许的范围内，运营者和软件作者均不对使用本演示造成的损失承担责任。

## 8. 变更

运营者可以修改这些条款，并在本页公布当前版本。[隐私政策](/privacyPolicy)和[法律声明](/legalStatement)同样适用。
`,
    },
    'zh-TW': {
      title: '使用者協議',
      summary: '使用本 OpenEx 示範站點的條款。這是一份範本：本站營運者在提供任何真實服務之前必須將其替換。',
      markdown: md`
**本文是開源交易所 OpenEx 附帶的範本。營運本站的人在提供任何真實服務之前，必須用自己的條款替換它**。

## 1. 誰提供服務

本站由其營運者營運，而不是由 OpenEx 軟體的作者營運。服務完全由營運者提供，並由營運者負責。

## 2. 示範

本站是一個示範。這裡的幣是測試網路上沒有價值的幣，價格來自模擬器，營運者可以隨時重設它，清除帳戶、餘額和訂單。請不要向這裡顯示的充值地址傳送真實的幣。

## 3. 您的帳戶

請提供可用的電子郵件或手機號碼，並在身分驗證時提供真實資料。請對您的密碼、資金密碼和第二驗證因素保密：您須對以您的帳戶進行的一切操作負責。不得使用他人的身分或帳戶。

## 4. 風險

交易數位資產可能損失部分或全部投入的資金。永續合約使用槓桿，可能被強平；秒合約輸了會失去本金；量化機器人下的是真實訂單，也可能虧損。理財產品和礦池是營運者的承諾，由營運者的資金池支付。本站的任何內容都不是投資建議，也不是獲利承諾。

## 5. 使用規則

不得操縱市場，不得使用被盜的資金或身分，不得攻擊本服務或其他使用者。營運者可以凍結違反這些規則的帳戶，被凍結的帳戶將停止交易並被登出；每一次此類操作都會連同原因一起紀錄。

## 6. 費用

費用顯示在[費率標準頁面](/rateStandard)上，以及您操作之前的每個產品旁邊。

## 7. 不提供擔保

本軟體依現狀提供，不附帶任何形式的擔保。在法律允許的範圍內，營運者和軟體作者均不對使用本示範造成的損失承擔責任。

## 8. 變更

營運者可以修改這些條款，並在本頁公布目前版本。[隱私權政策](/privacyPolicy)和[法律聲明](/legalStatement)同樣適用。
`,
    },
    ja: {
      title: '利用規約',
      summary: 'この OpenEx デモ環境を利用するための規約です。ひな形であり、このサイトの運営者は実際のサービスを提供する前に差し替える必要があります。',
      markdown: md`
**この文章は、オープンソースの取引所 OpenEx に付属するひな形です。このサイトを運営する人は、実際のサービスを提供する前に、独自の規約に差し替えなければなりません**。

## 1. サービスの提供者

このサイトは、OpenEx ソフトウェアの作者ではなく、その運営者が運営しています。サービスを提供し、その責任を負うのは運営者だけです。

## 2. デモ

この環境はデモです。コインは価値のないテストネットワークのコインで、価格はシミュレーターから来ており、運営者はいつでもリセットでき、アカウント、残高、注文は消去されます。ここに表示される入金アドレスに本物のコインを送らないでください。

## 3. あなたのアカウント

使用できるメールアドレスまたは電話番号を登録し、本人確認では正しい情報を提出してください。パスワード、資金パスワード、2 要素目は秘密にしてください。あなたのアカウントで行われたことには、あなたが責任を負います。他人の身元やアカウントを使ってはいけません。

## 4. リスク

暗号資産の取引では、投じた資金の一部または全部を失うことがあります。無期限先物はレバレッジを使い、清算されることがあります。秒先物で負ければ元本を失います。クオンツボットは本物の注文を出し、損失を出すことがあります。資産運用商品とマイニングプールは運営者の約束であり、運営者の資金口座から支払われます。このサイトのどの内容も、投資助言や利益の約束ではありません。

## 5. 利用のルール

相場操縦、盗まれた資金や身元の使用、サービスや他のユーザーへの攻撃をしてはいけません。運営者はこれらのルールに違反したアカウントを凍結でき、凍結されたアカウントは取引が止まりログアウトされます。そうした操作はすべて理由とともに記録されます。

## 6. 手数料

手数料は[手数料率ページ](/rateStandard)と、操作前の各商品に表示されます。

## 7. 無保証

本ソフトウェアは現状のまま提供され、いかなる種類の保証もありません。法律が許す範囲で、運営者もソフトウェアの作者も、このデモの利用による損失について責任を負いません。

## 8. 変更

運営者はこの規約を変更でき、現在の版をこのページで公開します。[プライバシーポリシー](/privacyPolicy)と[法的声明](/legalStatement)も適用されます。
`,
    },
    th: {
      title: 'ข้อตกลงผู้ใช้',
      summary: 'ข้อกำหนดการใช้งานการติดตั้ง OpenEx แบบสาธิตนี้ เป็นแม่แบบ: ผู้ดูแลเว็บไซต์นี้ต้องแทนที่ก่อนให้บริการจริงใด ๆ',
      markdown: md`
**ข้อความนี้เป็นแม่แบบที่มาพร้อมกับ OpenEx กระดานเทรดโอเพนซอร์ส ผู้ที่ดูแลเว็บไซต์นี้ต้องแทนที่ด้วยข้อกำหนดของตนเองก่อนให้บริการจริงใด ๆ**

## 1. ใครเป็นผู้ให้บริการ

เว็บไซต์นี้ดำเนินการโดยผู้ดูแล ไม่ใช่โดยผู้เขียนซอฟต์แวร์ OpenEx ผู้ดูแลเพียงผู้เดียวเป็นผู้ให้บริการและรับผิดชอบต่อบริการ

## 2. การสาธิต

การติดตั้งนี้เป็นการสาธิต เหรียญเป็นเหรียญบนเครือข่ายทดสอบที่ไม่มีมูลค่า ราคามาจากตัวจำลอง และผู้ดูแลอาจรีเซ็ตได้ทุกเมื่อ ซึ่งจะลบบัญชี ยอดคงเหลือ และคำสั่ง อย่าส่งเหรียญจริงไปยังที่อยู่ฝากที่แสดงที่นี่

## 3. บัญชีของคุณ

ให้อีเมลหรือหมายเลขโทรศัพท์ที่ใช้งานได้ และข้อมูลจริงเมื่อยืนยันตัวตน เก็บรหัสผ่าน รหัสผ่านการเงิน และปัจจัยที่สองเป็นความลับ: คุณรับผิดชอบต่อสิ่งที่ทำผ่านบัญชีของคุณ ห้ามใช้ตัวตนหรือบัญชีของผู้อื่น

## 4. ความเสี่ยง

การเทรดสินทรัพย์ดิจิทัลอาจสูญเสียเงินที่ลงไปบางส่วนหรือทั้งหมด สัญญาไม่มีวันหมดอายุใช้เลเวอเรจและอาจถูกชำระบัญชี สัญญาวินาทีที่แพ้จะเสียเงินเดิมพัน บอทเทรดเชิงปริมาณส่งคำสั่งจริงและขาดทุนได้ ผลิตภัณฑ์การลงทุนและพูลขุดเป็นคำสัญญาของผู้ดูแล จ่ายจากคลังของผู้ดูแล ไม่มีสิ่งใดในเว็บไซต์นี้เป็นคำแนะนำการลงทุนหรือคำสัญญาว่าจะได้กำไร

## 5. กฎการใช้งาน

ห้ามปั่นตลาด ห้ามใช้เงินหรือตัวตนที่ถูกขโมยมา และห้ามโจมตีบริการหรือผู้ใช้อื่น ผู้ดูแลอาจตรึงบัญชีที่ละเมิดกฎเหล่านี้ ซึ่งจะหยุดการเทรดและออกจากระบบ ทุกการกระทำเช่นนี้ถูกบันทึกพร้อมเหตุผล

## 6. ค่าธรรมเนียม

ค่าธรรมเนียมแสดงอยู่ที่[หน้าอัตราค่าธรรมเนียม](/rateStandard) และที่แต่ละผลิตภัณฑ์ก่อนคุณดำเนินการ

## 7. ไม่มีการรับประกัน

ซอฟต์แวร์ให้มาตามสภาพ โดยไม่มีการรับประกันใด ๆ ทั้งสิ้น เท่าที่กฎหมายอนุญาต ทั้งผู้ดูแลและผู้เขียนซอฟต์แวร์ไม่รับผิดต่อความสูญเสียจากการใช้การสาธิตนี้

## 8. การเปลี่ยนแปลง

ผู้ดูแลอาจเปลี่ยนข้อกำหนดเหล่านี้ และเผยแพร่ฉบับปัจจุบันในหน้านี้ [นโยบายความเป็นส่วนตัว](/privacyPolicy)และ[คำชี้แจงทางกฎหมาย](/legalStatement)ใช้บังคับด้วย
`,
    },
    ko: {
      title: '이용약관',
      summary: '이 OpenEx 데모 설치본을 이용하는 조건입니다. 템플릿이므로, 이 사이트의 운영자는 실제 서비스를 제공하기 전에 바꿔야 합니다.',
      markdown: md`
**이 글은 오픈소스 거래소 OpenEx에 포함된 템플릿입니다. 이 사이트를 운영하는 사람은 실제 서비스를 제공하기 전에 자신의 약관으로 바꿔야 합니다.**

## 1. 서비스 제공자

이 사이트는 OpenEx 소프트웨어의 저자가 아니라 운영자가 운영합니다. 서비스는 오직 운영자가 제공하며 그 책임도 운영자에게 있습니다.

## 2. 데모

이 설치본은 데모입니다. 코인은 가치 없는 테스트 네트워크 코인이고, 가격은 시뮬레이터에서 오며, 운영자는 언제든 초기화할 수 있고 그러면 계정, 잔액, 주문이 지워집니다. 여기 표시되는 입금 주소로 실제 코인을 보내지 마세요.

## 3. 당신의 계정

사용 가능한 이메일 주소나 전화번호를 제공하고, 신원 인증 때는 사실대로 제출하세요. 비밀번호, 자금 비밀번호, 2단계 인증 수단은 비밀로 지켜야 합니다. 당신의 계정으로 이뤄진 일에는 당신이 책임을 집니다. 다른 사람의 신원이나 계정을 쓰지 마세요.

## 4. 위험

디지털 자산 거래는 투입한 돈의 일부 또는 전부를 잃을 수 있습니다. 무기한 선물은 레버리지를 쓰며 청산될 수 있고, 초 단위 선물에서 지면 원금을 잃으며, 퀀트 봇은 실제 주문을 내고 손실을 볼 수 있습니다. 자산 운용 상품과 마이닝 풀은 운영자의 약속이며 운영자의 자금 계정에서 지급됩니다. 이 사이트의 어떤 내용도 투자 조언이나 수익 약속이 아닙니다.

## 5. 이용 규칙

시장을 조작하거나, 훔친 자금이나 신원을 쓰거나, 서비스나 다른 사용자를 공격하지 마세요. 운영자는 이 규칙을 어긴 계정을 동결할 수 있으며, 동결되면 거래가 멈추고 로그아웃됩니다. 이런 조치는 모두 사유와 함께 기록됩니다.

## 6. 수수료

수수료는 [수수료율 페이지](/rateStandard)와, 실행하기 전 각 상품에 표시됩니다.

## 7. 보증 없음

소프트웨어는 있는 그대로 제공되며 어떤 종류의 보증도 없습니다. 법이 허용하는 한, 운영자와 소프트웨어 저자 모두 이 데모를 사용해 생긴 손실에 책임을 지지 않습니다.

## 8. 변경

운영자는 이 약관을 바꿀 수 있으며 현재 버전을 이 페이지에 게시합니다. [개인정보 처리방침](/privacyPolicy)과 [법적 고지](/legalStatement)도 적용됩니다.
`,
    },
    es: {
      title: 'Acuerdo de usuario',
      summary: 'Las condiciones de uso de esta instalación de demostración de OpenEx. Es una plantilla: el operador de este sitio debe sustituirla antes de ofrecer cualquier servicio real.',
      markdown: md`
**Este texto es una plantilla que acompaña a OpenEx, un exchange de código abierto. Quien opere este sitio debe sustituirlo por sus propias condiciones antes de ofrecer cualquier servicio real.**

## 1. Quién presta el servicio

Este sitio lo gestiona su operador, no los autores del software OpenEx. Solo el operador presta el servicio y responde de él.

## 2. La demo

Esta instalación es una demostración. Sus monedas son monedas de una red de pruebas sin valor, sus precios vienen de un simulador y el operador puede reiniciarla en cualquier momento, borrando cuentas, saldos y órdenes. No envíes monedas reales a una dirección de depósito mostrada aquí.

## 3. Tu cuenta

Indica un correo electrónico o un teléfono que funcione, y datos verdaderos al verificar tu identidad. Mantén en secreto tu contraseña, tu contraseña de fondos y tus segundos factores: eres responsable de lo que se haga con tu cuenta. No uses la identidad ni la cuenta de otra persona.

## 4. Riesgo

Operar con activos digitales puede hacer perder parte o todo el dinero invertido. Los contratos perpetuos usan apalancamiento y pueden liquidarse; un contrato por segundos perdido pierde su importe; los bots cuantitativos colocan órdenes reales y pueden perder. Los productos de inversión y los pools de minería son promesas del operador, pagadas desde su tesorería. Nada en este sitio es asesoramiento de inversión ni una promesa de beneficios.

## 5. Normas de uso

No manipules mercados, no uses fondos ni identidades robados y no ataques el servicio ni a otros usuarios. El operador puede congelar una cuenta que incumpla estas normas, lo que detiene su trading y cierra su sesión; cada acción de este tipo queda registrada con su motivo.

## 6. Comisiones

Las comisiones se muestran en [la página de comisiones](/rateStandard) y junto a cada producto antes de que actúes.

## 7. Sin garantía

El software se ofrece tal cual, sin garantía de ningún tipo. En la medida en que la ley lo permita, ni el operador ni los autores del software responden de las pérdidas derivadas del uso de esta demo.

## 8. Cambios

El operador puede cambiar estas condiciones y publica la versión vigente en esta página. También se aplican la [política de privacidad](/privacyPolicy) y el [aviso legal](/legalStatement).
`,
    },
    it: {
      title: "Contratto d'uso",
      summary: "Le condizioni d'uso di questa installazione dimostrativa di OpenEx. È un modello: l'operatore di questo sito deve sostituirlo prima di offrire qualsiasi servizio reale.",
      markdown: md`
**Questo testo è un modello fornito con OpenEx, un exchange open source. Chi gestisce questo sito deve sostituirlo con le proprie condizioni prima di offrire qualsiasi servizio reale.**

## 1. Chi fornisce il servizio

Questo sito è gestito dal suo operatore, non dagli autori del software OpenEx. Solo l'operatore fornisce il servizio e ne risponde.

## 2. La demo

Questa installazione è una dimostrazione. Le sue monete sono monete di una rete di test senza valore, i prezzi vengono da un simulatore e l'operatore può azzerarla in qualsiasi momento, cancellando account, saldi e ordini. Non inviare monete reali a un indirizzo di deposito mostrato qui.

## 3. Il tuo account

Fornisci un indirizzo e-mail o un numero di telefono funzionante, e dati veri quando verifichi la tua identità. Tieni segreti la password, la password dei fondi e i secondi fattori: sei responsabile di ciò che viene fatto con il tuo account. Non usare l'identità o l'account di un'altra persona.

## 4. Rischio

Il trading di asset digitali può far perdere in parte o del tutto il denaro impegnato. I contratti perpetui usano la leva e possono essere liquidati; un contratto a secondi perso perde la sua puntata; i bot quantitativi piazzano ordini reali e possono perdere. I prodotti di rendimento e i pool di mining sono promesse dell'operatore, pagate dalla sua tesoreria. Nulla su questo sito è consulenza d'investimento o promessa di profitto.

## 5. Regole d'uso

Non manipolare i mercati, non usare fondi o identità rubati e non attaccare il servizio o altri utenti. L'operatore può congelare un account che viola queste regole, il che ne ferma il trading e ne chiude le sessioni; ogni azione del genere viene registrata con il suo motivo.

## 6. Commissioni

Le commissioni sono indicate nella [pagina delle commissioni](/rateStandard) e accanto a ogni prodotto prima che tu agisca.

## 7. Nessuna garanzia

Il software è fornito così com'è, senza garanzie di alcun tipo. Nei limiti consentiti dalla legge, né l'operatore né gli autori del software rispondono delle perdite derivanti dall'uso di questa demo.

## 8. Modifiche

L'operatore può modificare queste condizioni e pubblica la versione in vigore su questa pagina. Si applicano anche l'[informativa sulla privacy](/privacyPolicy) e le [note legali](/legalStatement).
`,
    },
    pt: {
      title: 'Acordo do usuário',
      summary: 'Os termos de uso desta instalação de demonstração da OpenEx. É um modelo: o operador deste site deve substituí-lo antes de oferecer qualquer serviço real.',
      markdown: md`
**Este texto é um modelo que acompanha a OpenEx, uma exchange de código aberto. Quem opera este site deve substituí-lo pelos próprios termos antes de oferecer qualquer serviço real.**

## 1. Quem presta o serviço

Este site é operado pelo seu operador, não pelos autores do software OpenEx. Só o operador presta o serviço e responde por ele.

## 2. A demonstração

Esta instalação é uma demonstração. Suas moedas são moedas de rede de teste sem valor, seus preços vêm de um simulador e o operador pode reiniciá-la a qualquer momento, apagando contas, saldos e ordens. Não envie moedas reais para um endereço de depósito mostrado aqui.

## 3. Sua conta

Informe um e-mail ou telefone que funcione e dados verdadeiros ao verificar sua identidade. Mantenha em segredo sua senha, sua senha de fundos e seus segundos fatores: você é responsável pelo que é feito com a sua conta. Não use a identidade ou a conta de outra pessoa.

## 4. Risco

Negociar ativos digitais pode fazer perder parte ou todo o dinheiro aplicado. Contratos perpétuos usam alavancagem e podem ser liquidados; um contrato por segundos perdido perde o valor apostado; bots quantitativos enviam ordens reais e podem perder. Produtos de investimento e pools de mineração são promessas do operador, pagas pela tesouraria dele. Nada neste site é recomendação de investimento ou promessa de lucro.

## 5. Regras de uso

Não manipule mercados, não use fundos ou identidades roubados e não ataque o serviço ou outros usuários. O operador pode congelar uma conta que viole estas regras, o que interrompe a negociação e encerra as sessões dela; cada ação desse tipo é registrada com o motivo.

## 6. Taxas

As taxas aparecem na [página de taxas](/rateStandard) e junto a cada produto antes de você agir.

## 7. Sem garantia

O software é fornecido no estado em que se encontra, sem garantia de qualquer tipo. Na medida em que a lei permitir, nem o operador nem os autores do software respondem por perdas decorrentes do uso desta demonstração.

## 8. Alterações

O operador pode alterar estes termos e publica a versão vigente nesta página. A [política de privacidade](/privacyPolicy) e o [aviso legal](/legalStatement) também se aplicam.
`,
    },
  },
};

const PRIVACY: DemoArticle = {
  seedKey: 'page.privacy-policy',
  kind: 'page',
  slug: 'privacy-policy',
  texts: {
    en: {
      title: 'Privacy policy',
      summary: 'What this installation of OpenEx stores about you, what your browser keeps, why, and who sees it. A template the operator must replace.',
      markdown: md`
**This text is a template that comes with OpenEx. The operator of this site must replace it with a policy that names them, gives their contact details and follows the law that applies to them.**

## What is stored

- **Account**: your e-mail address or phone number, your password and fund password as argon2id hashes (never the passwords themselves), the language you last signed in with, your invitation code and who invited you.
- **Security**: your sessions (the session token only as a hash), the devices and network addresses of your sign-ins with their times, and your two-factor settings, with authenticator secrets encrypted.
- **Identity verification**: your name, document number, issuing country and photos. Photos are re-encoded without metadata and kept outside the website, readable only by you and the operators.
- **Trading and wallet**: orders, trades, balances, transfers, deposits, withdrawals, your saved addresses, and, when you are signed in, your favourite markets and screen layouts.
- **Feedback**: the messages and screenshots you send.

## What your browser keeps

Your session token, language, favourite markets and screen layouts are kept in your browser's local storage. The software includes no advertising or analytics trackers.

## Why

To run and secure your account, review withdrawals and identity documents, send you codes and notices, and meet the operator's legal duties.

## Who sees it

The operator of this site. Codes and notices go through the mail or text-message provider the operator configures. The daily proof of liabilities publishes only totals and hashes: your own leaf is shown only to you.

## How long

Data is kept until the operator deletes it; a reset of the demo erases it. To ask what is held about you, or to have it deleted, contact the operator through [feedback](/feedback). The [user agreement](/userAgreement) also applies.
`,
    },
    'zh-CN': {
      title: '隐私政策',
      summary: '本 OpenEx 站点保存了您的哪些信息、您的浏览器保存什么、为什么保存以及谁能看到。这是一份运营者必须替换的模板。',
      markdown: md`
**本文是 OpenEx 附带的模板。本站运营者必须将其替换为一份写明自身身份、联系方式并遵守其适用法律的政策**。

## 保存了什么

- **账户**：您的电子邮箱或手机号，以 argon2id 哈希形式保存的登录密码和资金密码（从不保存密码本身），您上次登录时使用的语言，您的邀请码以及邀请您的人。
- **安全**：您的会话（会话令牌只保存哈希），每次登录的设备和网络地址及时间，以及您的双重验证设置，其中身份验证器密钥经过加密。
- **身份认证**：您的姓名、证件号码、签发国家和照片。照片会去掉元数据重新编码，存放在网站之外，只有您本人和运营者可以读取。
- **交易和钱包**：订单、成交、余额、划转、充值、提币、您保存的地址，以及登录时您的自选市场和界面布局。
- **意见反馈**：您发送的消息和截图。

## 您的浏览器保存什么

您的会话令牌、语言、自选市场和界面布局保存在浏览器的本地存储中。本软件不包含任何广告或分析跟踪程序。

## 为什么

为了运行并保护您的账户，审核提币和身份证件，向您发送验证码和通知，以及履行运营者的法律义务。

## 谁能看到

本站的运营者。验证码和通知通过运营者配置的邮件或短信服务商发送。每日的负债证明只公布总额和哈希：您自己的叶子只向您本人显示。

## 保存多久

数据会一直保存，直到运营者删除；重置演示会清除数据。如需查询关于您保存了哪些信息，或要求删除，请通过[意见反馈](/feedback)联系运营者。[用户协议](/userAgreement)同样适用。
`,
    },
    'zh-TW': {
      title: '隱私權政策',
      summary: '本 OpenEx 站點保存了您的哪些資料、您的瀏覽器保存什麼、為什麼保存以及誰能看到。這是一份營運者必須替換的範本。',
      markdown: md`
**本文是 OpenEx 附帶的範本。本站營運者必須將其替換為一份寫明自身身分、聯絡方式並遵守其適用法律的政策**。

## 保存了什麼

- **帳戶**：您的電子郵件或手機號碼，以 argon2id 雜湊形式保存的登入密碼和資金密碼（從不保存密碼本身），您上次登入時使用的語言，您的邀請碼以及邀請您的人。
- **安全**：您的工作階段（工作階段權杖只保存雜湊），每次登入的裝置和網路位址及時間，以及您的雙重驗證設定，其中驗證器金鑰經過加密。
- **身分驗證**：您的姓名、證件號碼、簽發國家和照片。照片會去除中繼資料重新編碼，存放在網站之外，只有您本人和營運者可以讀取。
- **交易和錢包**：訂單、成交、餘額、劃轉、充值、提幣、您儲存的地址，以及登入時您的自選市場和畫面版面。
- **意見回饋**：您傳送的訊息和截圖。

## 您的瀏覽器保存什麼

您的工作階段權杖、語言、自選市場和畫面版面保存在瀏覽器的本機儲存空間中。本軟體不包含任何廣告或分析追蹤程式。

## 為什麼

為了運行並保護您的帳戶，審核提幣和身分證件，向您傳送驗證碼和通知，以及履行營運者的法律義務。

## 誰能看到

本站的營運者。驗證碼和通知透過營運者設定的郵件或簡訊服務商傳送。每日的負債證明只公布總額和雜湊：您自己的葉子只向您本人顯示。

## 保存多久

資料會一直保存，直到營運者刪除；重設示範會清除資料。如需查詢關於您保存了哪些資料，或要求刪除，請透過[意見回饋](/feedback)聯絡營運者。[使用者協議](/userAgreement)同樣適用。
`,
    },
    ja: {
      title: 'プライバシーポリシー',
      summary: 'この OpenEx 環境があなたについて保存するもの、ブラウザが保持するもの、その理由、そして誰が見るか。運営者が差し替えるべきひな形です。',
      markdown: md`
**この文章は OpenEx に付属するひな形です。このサイトの運営者は、自らの名前と連絡先を示し、適用される法律に従ったポリシーに差し替えなければなりません**。

## 保存されるもの

- **アカウント**：メールアドレスまたは電話番号、argon2id のハッシュとして保存されるパスワードと資金パスワード（パスワードそのものは保存しません）、最後にログインしたときの言語、招待コードとあなたを招待した人。
- **セキュリティ**：セッション（セッショントークンはハッシュのみ）、ログインした端末とネットワークアドレスおよびその時刻、2 段階認証の設定（認証アプリの秘密鍵は暗号化）。
- **本人確認**：氏名、書類番号、発行国、写真。写真はメタデータを取り除いて再エンコードされ、ウェブサイトの外に保存され、あなたと運営者だけが読めます。
- **取引とウォレット**：注文、約定、残高、振替、入金、出金、保存したアドレス、そしてログイン中はお気に入りの市場と画面レイアウト。
- **フィードバック**：送信したメッセージとスクリーンショット。

## ブラウザが保持するもの

セッショントークン、言語、お気に入りの市場、画面レイアウトは、ブラウザのローカルストレージに保存されます。このソフトウェアには広告や分析のためのトラッカーは含まれていません。

## 目的

アカウントを運用して保護するため、出金と本人確認書類を審査するため、コードと通知を送るため、そして運営者の法的義務を果たすためです。

## 誰が見るか

このサイトの運営者です。コードと通知は、運営者が設定したメールまたは SMS の事業者を通じて送られます。毎日の負債証明で公開されるのは合計とハッシュだけで、あなた自身の葉はあなたにだけ表示されます。

## 保存期間

データは運営者が削除するまで保存され、デモのリセットで消去されます。保存されている情報の確認や削除の依頼は、[フィードバック](/feedback)から運営者にご連絡ください。[利用規約](/userAgreement)も適用されます。
`,
    },
    th: {
      title: 'นโยบายความเป็นส่วนตัว',
      summary: 'การติดตั้ง OpenEx นี้เก็บอะไรเกี่ยวกับคุณ เบราว์เซอร์ของคุณเก็บอะไร เพราะอะไร และใครเห็นบ้าง เป็นแม่แบบที่ผู้ดูแลต้องแทนที่',
      markdown: md`
**ข้อความนี้เป็นแม่แบบที่มาพร้อมกับ OpenEx ผู้ดูแลเว็บไซต์นี้ต้องแทนที่ด้วยนโยบายที่ระบุชื่อและช่องทางติดต่อของตน และเป็นไปตามกฎหมายที่ใช้บังคับกับตน**

## สิ่งที่ถูกเก็บ

- **บัญชี**: อีเมลหรือหมายเลขโทรศัพท์ของคุณ รหัสผ่านและรหัสผ่านการเงินในรูปแฮช argon2id (ไม่เคยเก็บตัวรหัสผ่าน) ภาษาที่คุณใช้เข้าสู่ระบบครั้งล่าสุด รหัสเชิญของคุณ และผู้ที่เชิญคุณ
- **ความปลอดภัย**: เซสชันของคุณ (เก็บโทเคนเซสชันเป็นแฮชเท่านั้น) อุปกรณ์และที่อยู่เครือข่ายของการเข้าสู่ระบบพร้อมเวลา และการตั้งค่าการยืนยันสองขั้นตอน โดยคีย์ลับของแอปยืนยันตัวตนถูกเข้ารหัส
- **การยืนยันตัวตน**: ชื่อ หมายเลขเอกสาร ประเทศที่ออก และรูปภาพ รูปภาพถูกเข้ารหัสใหม่โดยไม่มีข้อมูลเมตาและเก็บไว้นอกเว็บไซต์ อ่านได้เฉพาะคุณและผู้ดูแล
- **การเทรดและกระเป๋าเงิน**: คำสั่ง การซื้อขาย ยอดคงเหลือ การโอน การฝาก การถอน ที่อยู่ที่บันทึกไว้ และเมื่อคุณเข้าสู่ระบบ ตลาดโปรดและเลย์เอาต์หน้าจอของคุณ
- **ข้อเสนอแนะ**: ข้อความและภาพหน้าจอที่คุณส่ง

## สิ่งที่เบราว์เซอร์ของคุณเก็บ

โทเคนเซสชัน ภาษา ตลาดโปรด และเลย์เอาต์หน้าจอของคุณถูกเก็บในพื้นที่จัดเก็บภายในของเบราว์เซอร์ ซอฟต์แวร์นี้ไม่มีตัวติดตามเพื่อการโฆษณาหรือการวิเคราะห์

## เพราะอะไร

เพื่อให้บัญชีของคุณทำงานและปลอดภัย ตรวจสอบการถอนและเอกสารยืนยันตัวตน ส่งรหัสและการแจ้งเตือนถึงคุณ และปฏิบัติตามหน้าที่ทางกฎหมายของผู้ดูแล

## ใครเห็นบ้าง

ผู้ดูแลเว็บไซต์นี้ รหัสและการแจ้งเตือนถูกส่งผ่านผู้ให้บริการอีเมลหรือข้อความที่ผู้ดูแลตั้งค่าไว้ หลักฐานหนี้สินรายวันเผยแพร่เพียงยอดรวมและแฮช: ใบของคุณแสดงให้คุณเห็นเพียงคนเดียว

## เก็บนานเท่าใด

ข้อมูลถูกเก็บจนกว่าผู้ดูแลจะลบ และการรีเซ็ตการสาธิตจะลบข้อมูลออก หากต้องการสอบถามว่ามีข้อมูลอะไรของคุณอยู่ หรือขอให้ลบ โปรดติดต่อผู้ดูแลผ่าน[ข้อเสนอแนะ](/feedback) [ข้อตกลงผู้ใช้](/userAgreement)ใช้บังคับด้วย
`,
    },
    ko: {
      title: '개인정보 처리방침',
      summary: '이 OpenEx 설치본이 당신에 대해 무엇을 저장하는지, 브라우저가 무엇을 보관하는지, 왜 그런지, 누가 보는지 안내합니다. 운영자가 바꿔야 하는 템플릿입니다.',
      markdown: md`
**이 글은 OpenEx에 포함된 템플릿입니다. 이 사이트의 운영자는 자신의 이름과 연락처를 밝히고 적용되는 법을 따르는 방침으로 바꿔야 합니다.**

## 저장되는 것

- **계정**: 이메일 주소나 전화번호, argon2id 해시로 저장되는 비밀번호와 자금 비밀번호(비밀번호 자체는 저장하지 않음), 마지막으로 로그인할 때 쓴 언어, 당신의 초대 코드와 당신을 초대한 사람.
- **보안**: 세션(세션 토큰은 해시로만), 로그인한 기기와 네트워크 주소 및 시각, 2단계 인증 설정(인증 앱 비밀 키는 암호화).
- **신원 인증**: 이름, 문서 번호, 발행 국가, 사진. 사진은 메타데이터 없이 다시 인코딩되어 웹사이트 바깥에 보관되며, 본인과 운영자만 읽을 수 있습니다.
- **거래와 지갑**: 주문, 체결, 잔액, 이체, 입금, 출금, 저장한 주소, 그리고 로그인한 경우 관심 마켓과 화면 레이아웃.
- **의견**: 보내 주신 메시지와 스크린샷.

## 브라우저가 보관하는 것

세션 토큰, 언어, 관심 마켓, 화면 레이아웃은 브라우저의 로컬 저장소에 보관됩니다. 이 소프트웨어에는 광고나 분석용 추적기가 없습니다.

## 이유

계정을 운영하고 보호하기 위해, 출금과 신원 문서를 심사하기 위해, 코드와 알림을 보내기 위해, 그리고 운영자의 법적 의무를 다하기 위해서입니다.

## 누가 보는가

이 사이트의 운영자입니다. 코드와 알림은 운영자가 설정한 메일 또는 문자 메시지 제공자를 통해 발송됩니다. 매일의 부채 증명은 합계와 해시만 공개하며, 당신의 잎은 당신에게만 보입니다.

## 보관 기간

데이터는 운영자가 지울 때까지 보관되며, 데모를 초기화하면 지워집니다. 보관된 정보를 알고 싶거나 삭제를 원하면 [의견 보내기](/feedback)로 운영자에게 연락하세요. [이용약관](/userAgreement)도 적용됩니다.
`,
    },
    es: {
      title: 'Política de privacidad',
      summary: 'Qué guarda sobre ti esta instalación de OpenEx, qué conserva tu navegador, para qué y quién lo ve. Es una plantilla que el operador debe sustituir.',
      markdown: md`
**Este texto es una plantilla que acompaña a OpenEx. El operador de este sitio debe sustituirlo por una política que lo identifique, dé sus datos de contacto y siga la ley que le sea aplicable.**

## Qué se guarda

- **Cuenta**: tu correo electrónico o teléfono, tu contraseña y tu contraseña de fondos como hashes argon2id (nunca las contraseñas en sí), el idioma con el que iniciaste sesión por última vez, tu código de invitación y quién te invitó.
- **Seguridad**: tus sesiones (el token de sesión solo como hash), los dispositivos y direcciones de red de tus inicios de sesión con sus horas, y tu configuración de dos pasos, con los secretos del autenticador cifrados.
- **Verificación de identidad**: tu nombre, número de documento, país emisor y fotos. Las fotos se vuelven a codificar sin metadatos y se guardan fuera del sitio web, legibles solo por ti y por los operadores.
- **Trading y monedero**: órdenes, operaciones, saldos, transferencias, depósitos, retiros, tus direcciones guardadas y, con la sesión iniciada, tus mercados favoritos y la disposición de tus pantallas.
- **Comentarios**: los mensajes y capturas que envías.

## Qué conserva tu navegador

Tu token de sesión, tu idioma, tus mercados favoritos y la disposición de tus pantallas se guardan en el almacenamiento local del navegador. El software no incluye rastreadores de publicidad ni de analítica.

## Para qué

Para gestionar y proteger tu cuenta, revisar retiros y documentos de identidad, enviarte códigos y avisos y cumplir las obligaciones legales del operador.

## Quién lo ve

El operador de este sitio. Los códigos y avisos pasan por el proveedor de correo o de SMS que configure el operador. La prueba de pasivos diaria publica solo totales y hashes: tu propia hoja solo se te muestra a ti.

## Cuánto tiempo

Los datos se guardan hasta que el operador los borra; un reinicio de la demo los elimina. Para saber qué se guarda sobre ti, o pedir que se borre, contacta con el operador mediante los [comentarios](/feedback). También se aplica el [acuerdo de usuario](/userAgreement).
`,
    },
    it: {
      title: 'Informativa sulla privacy',
      summary: "Cosa conserva su di te questa installazione di OpenEx, cosa tiene il tuo browser, perché e chi lo vede. È un modello che l'operatore deve sostituire.",
      markdown: md`
**Questo testo è un modello fornito con OpenEx. L'operatore di questo sito deve sostituirlo con un'informativa che lo identifichi, ne indichi i recapiti e segua la legge che gli si applica.**

## Cosa viene conservato

- **Account**: il tuo indirizzo e-mail o numero di telefono, la password e la password dei fondi come hash argon2id (mai le password stesse), la lingua con cui hai effettuato l'ultimo accesso, il tuo codice invito e chi ti ha invitato.
- **Sicurezza**: le tue sessioni (il token di sessione solo come hash), i dispositivi e gli indirizzi di rete dei tuoi accessi con i relativi orari, e le impostazioni dell'accesso in due passaggi, con i segreti dell'autenticatore cifrati.
- **Verifica dell'identità**: nome, numero del documento, paese di rilascio e foto. Le foto vengono ricodificate senza metadati e conservate fuori dal sito web, leggibili solo da te e dagli operatori.
- **Trading e portafoglio**: ordini, scambi, saldi, trasferimenti, depositi, prelievi, gli indirizzi salvati e, quando hai effettuato l'accesso, i mercati preferiti e la disposizione delle schermate.
- **Feedback**: i messaggi e gli screenshot che invii.

## Cosa tiene il tuo browser

Il token di sessione, la lingua, i mercati preferiti e la disposizione delle schermate sono conservati nella memoria locale del browser. Il software non include tracker pubblicitari o di analisi.

## Perché

Per gestire e proteggere il tuo account, esaminare prelievi e documenti d'identità, inviarti codici e avvisi e adempiere agli obblighi di legge dell'operatore.

## Chi lo vede

L'operatore di questo sito. Codici e avvisi passano per il fornitore di posta o SMS configurato dall'operatore. La prova delle passività giornaliera pubblica solo totali e hash: la tua foglia è mostrata solo a te.

## Per quanto tempo

I dati sono conservati finché l'operatore non li cancella; un azzeramento della demo li elimina. Per sapere cosa è conservato su di te, o chiederne la cancellazione, contatta l'operatore tramite il [feedback](/feedback). Si applica anche il [contratto d'uso](/userAgreement).
`,
    },
    pt: {
      title: 'Política de privacidade',
      summary: 'O que esta instalação da OpenEx guarda sobre você, o que o seu navegador mantém, por quê e quem vê. É um modelo que o operador deve substituir.',
      markdown: md`
**Este texto é um modelo que acompanha a OpenEx. O operador deste site deve substituí-lo por uma política que o identifique, informe seus contatos e siga a lei que se aplica a ele.**

## O que é guardado

- **Conta**: seu e-mail ou telefone, sua senha e sua senha de fundos como hashes argon2id (nunca as senhas em si), o idioma com que você entrou pela última vez, seu código de convite e quem convidou você.
- **Segurança**: suas sessões (o token de sessão só como hash), os dispositivos e endereços de rede dos seus logins com os horários, e suas configurações de duas etapas, com os segredos do autenticador criptografados.
- **Verificação de identidade**: seu nome, número do documento, país emissor e fotos. As fotos são recodificadas sem metadados e guardadas fora do site, legíveis só por você e pelos operadores.
- **Negociação e carteira**: ordens, negociações, saldos, transferências, depósitos, saques, seus endereços salvos e, quando você está conectado, seus mercados favoritos e layouts de tela.
- **Feedback**: as mensagens e capturas de tela que você envia.

## O que o seu navegador mantém

Seu token de sessão, idioma, mercados favoritos e layouts de tela ficam no armazenamento local do navegador. O software não inclui rastreadores de publicidade ou de análise.

## Por quê

Para operar e proteger sua conta, analisar saques e documentos de identidade, enviar códigos e avisos a você e cumprir as obrigações legais do operador.

## Quem vê

O operador deste site. Códigos e avisos passam pelo provedor de e-mail ou SMS que o operador configurar. A prova de passivos diária publica apenas totais e hashes: a sua folha é mostrada só para você.

## Por quanto tempo

Os dados ficam guardados até o operador apagá-los; uma reinicialização da demonstração os apaga. Para saber o que está guardado sobre você, ou pedir que seja apagado, fale com o operador pelo [feedback](/feedback). O [acordo do usuário](/userAgreement) também se aplica.
`,
    },
  },
};

const STATEMENT: DemoArticle = {
  seedKey: 'page.legal-statement',
  kind: 'page',
  slug: 'legal-statement',
  texts: {
    en: {
      title: 'Legal statement',
      summary: 'Who runs this site, what this demo is not, the risks of digital assets, and whose names appear here. A template the operator must replace.',
      markdown: md`
**This text is a template that comes with OpenEx. The operator of this site must replace it with a statement that fits their service and the law that applies to them.**

## The software and this site

OpenEx is open-source software. This site is one installation of it, run by its operator. The authors of the software do not run, control or endorse this site, and hold no user's funds or data.

## Not an offer of financial services

This demo shows how an exchange works. Its prices come from a simulator and its coins are test-network coins without value. Nothing here is an offer to buy or sell any asset, or investment, legal or tax advice. Services of this kind are regulated in many countries: offering them for real may need a licence where the operator and the users are.

## Risk warning

Digital assets are volatile. Trading, and above all leveraged trading and seconds contracts, can lose all of the money committed. Past prices, the demo's simulated history included, say nothing about future results.

## Availability

The service may be interrupted, changed or reset at any time without notice, and data may be lost.

## Names and marks

Binance, Google Authenticator, Microsoft Authenticator, 1Password and other names are trademarks of their owners. That this exchange is compatible with Binance's APIs or follows its published formulas does not mean any relation with Binance.

## Contact

Questions about this site go to its operator, through [feedback](/feedback). The [user agreement](/userAgreement) and the [privacy policy](/privacyPolicy) also apply.
`,
    },
    'zh-CN': {
      title: '法律声明',
      summary: '谁运营本站，本演示不是什么，数字资产的风险，以及这里出现的名称归谁所有。这是一份运营者必须替换的模板。',
      markdown: md`
**本文是 OpenEx 附带的模板。本站运营者必须将其替换为一份适合其服务及其适用法律的声明**。

## 软件和本站

OpenEx 是开源软件。本站是它的一个安装实例，由其运营者运营。软件作者不运营、不控制也不认可本站，不持有任何用户的资金或数据。

## 不构成金融服务要约

本演示展示交易所如何运作。其价格来自模拟器，币是测试网络上没有价值的币。这里的任何内容都不构成买卖任何资产的要约，也不构成投资、法律或税务建议。此类服务在许多国家受到监管：真正提供这些服务可能需要在运营者和用户所在地取得牌照。

## 风险提示

数字资产波动剧烈。交易，尤其是杠杆交易和秒合约，可能损失全部投入的资金。过去的价格，包括演示中模拟的历史，并不预示未来的结果。

## 可用性

服务可能随时中断、变更或重置，恕不另行通知，数据也可能丢失。

## 名称和商标

Binance、Google Authenticator、Microsoft Authenticator、1Password 等名称是其各自所有者的商标。本交易所兼容币安的 API 或遵循其公开的公式，并不意味着与币安有任何关系。

## 联系方式

关于本站的问题请通过[意见反馈](/feedback)联系其运营者。[用户协议](/userAgreement)和[隐私政策](/privacyPolicy)同样适用。
`,
    },
    'zh-TW': {
      title: '法律聲明',
      summary: '誰營運本站，本示範不是什麼，數位資產的風險，以及這裡出現的名稱歸誰所有。這是一份營運者必須替換的範本。',
      markdown: md`
**本文是 OpenEx 附帶的範本。本站營運者必須將其替換為一份適合其服務及其適用法律的聲明**。

## 軟體和本站

OpenEx 是開源軟體。本站是它的一個安裝實例，由其營運者營運。軟體作者不營運、不控制也不認可本站，不持有任何使用者的資金或資料。

## 不構成金融服務要約

本示範展示交易所如何運作。其價格來自模擬器，幣是測試網路上沒有價值的幣。這裡的任何內容都不構成買賣任何資產的要約，也不構成投資、法律或稅務建議。此類服務在許多國家受到監管：真正提供這些服務可能需要在營運者和使用者所在地取得執照。

## 風險提示

數位資產波動劇烈。交易，尤其是槓桿交易和秒合約，可能損失全部投入的資金。過去的價格，包括示範中模擬的歷史，並不預示未來的結果。

## 可用性

服務可能隨時中斷、變更或重設，恕不另行通知，資料也可能遺失。

## 名稱和商標

Binance、Google Authenticator、Microsoft Authenticator、1Password 等名稱是其各自所有者的商標。本交易所相容幣安的 API 或遵循其公開的公式，並不意味著與幣安有任何關係。

## 聯絡方式

關於本站的問題請透過[意見回饋](/feedback)聯絡其營運者。[使用者協議](/userAgreement)和[隱私權政策](/privacyPolicy)同樣適用。
`,
    },
    ja: {
      title: '法的声明',
      summary: 'このサイトの運営者、このデモが何でないか、暗号資産のリスク、ここに出てくる名称の権利者について。運営者が差し替えるべきひな形です。',
      markdown: md`
**この文章は OpenEx に付属するひな形です。このサイトの運営者は、自らのサービスと適用される法律に合った声明に差し替えなければなりません**。

## ソフトウェアとこのサイト

OpenEx はオープンソースソフトウェアです。このサイトはその 1 つの導入例で、運営者が運営しています。ソフトウェアの作者はこのサイトを運営も管理も推奨もしておらず、ユーザーの資金やデータを保有していません。

## 金融サービスの提供ではありません

このデモは取引所の仕組みを示すものです。価格はシミュレーターから来ており、コインは価値のないテストネットワークのコインです。ここにあるものはいずれも、資産の売買の申し出でも、投資・法律・税務の助言でもありません。この種のサービスは多くの国で規制されており、実際に提供するには運営者とユーザーの所在地で免許が必要になることがあります。

## リスクに関する注意

暗号資産は値動きが激しいものです。取引、特にレバレッジ取引と秒先物では、投じた資金のすべてを失うことがあります。過去の価格は、デモのシミュレーションによる履歴も含め、将来の結果について何も示しません。

## 提供状況

サービスは予告なくいつでも中断、変更、リセットされることがあり、データが失われることもあります。

## 名称と商標

Binance、Google Authenticator、Microsoft Authenticator、1Password などの名称は、それぞれの権利者の商標です。この取引所が Binance の API と互換であることや、その公開された計算式に従っていることは、Binance との何らかの関係を意味しません。

## 連絡先

このサイトについてのご質問は、[フィードバック](/feedback)から運営者へお寄せください。[利用規約](/userAgreement)と[プライバシーポリシー](/privacyPolicy)も適用されます。
`,
    },
    th: {
      title: 'คำชี้แจงทางกฎหมาย',
      summary: 'ใครดำเนินการเว็บไซต์นี้ การสาธิตนี้ไม่ใช่อะไร ความเสี่ยงของสินทรัพย์ดิจิทัล และชื่อที่ปรากฏที่นี่เป็นของใคร เป็นแม่แบบที่ผู้ดูแลต้องแทนที่',
      markdown: md`
**ข้อความนี้เป็นแม่แบบที่มาพร้อมกับ OpenEx ผู้ดูแลเว็บไซต์นี้ต้องแทนที่ด้วยคำชี้แจงที่เหมาะกับบริการของตนและกฎหมายที่ใช้บังคับกับตน**

## ซอฟต์แวร์และเว็บไซต์นี้

OpenEx เป็นซอฟต์แวร์โอเพนซอร์ส เว็บไซต์นี้เป็นการติดตั้งหนึ่งชุดที่ดำเนินการโดยผู้ดูแล ผู้เขียนซอฟต์แวร์ไม่ได้ดำเนินการ ควบคุม หรือรับรองเว็บไซต์นี้ และไม่ได้ถือเงินหรือข้อมูลของผู้ใช้รายใด

## ไม่ใช่การเสนอบริการทางการเงิน

การสาธิตนี้แสดงว่ากระดานเทรดทำงานอย่างไร ราคามาจากตัวจำลอง และเหรียญเป็นเหรียญบนเครือข่ายทดสอบที่ไม่มีมูลค่า ไม่มีสิ่งใดที่นี่เป็นการเสนอซื้อหรือขายสินทรัพย์ใด ๆ หรือเป็นคำแนะนำด้านการลงทุน กฎหมาย หรือภาษี บริการประเภทนี้อยู่ภายใต้การกำกับดูแลในหลายประเทศ: การให้บริการจริงอาจต้องมีใบอนุญาตในที่ที่ผู้ดูแลและผู้ใช้อยู่

## คำเตือนความเสี่ยง

สินทรัพย์ดิจิทัลมีความผันผวน การเทรด โดยเฉพาะการเทรดด้วยเลเวอเรจและสัญญาวินาที อาจสูญเสียเงินที่ลงไปทั้งหมด ราคาในอดีต รวมถึงประวัติที่จำลองขึ้นของการสาธิต ไม่ได้บอกอะไรเกี่ยวกับผลลัพธ์ในอนาคต

## ความพร้อมให้บริการ

บริการอาจหยุดชะงัก เปลี่ยนแปลง หรือถูกรีเซ็ตได้ทุกเมื่อโดยไม่แจ้งล่วงหน้า และข้อมูลอาจสูญหาย

## ชื่อและเครื่องหมายการค้า

Binance, Google Authenticator, Microsoft Authenticator, 1Password และชื่ออื่น ๆ เป็นเครื่องหมายการค้าของเจ้าของแต่ละราย การที่กระดานเทรดนี้เข้ากันได้กับ API ของ Binance หรือใช้สูตรที่ Binance เผยแพร่ ไม่ได้หมายความว่ามีความเกี่ยวข้องใด ๆ กับ Binance

## ติดต่อ

คำถามเกี่ยวกับเว็บไซต์นี้ส่งถึงผู้ดูแลได้ผ่าน[ข้อเสนอแนะ](/feedback) [ข้อตกลงผู้ใช้](/userAgreement)และ[นโยบายความเป็นส่วนตัว](/privacyPolicy)ใช้บังคับด้วย
`,
    },
    ko: {
      title: '법적 고지',
      summary: '누가 이 사이트를 운영하는지, 이 데모가 무엇이 아닌지, 디지털 자산의 위험, 여기 나오는 이름의 소유자를 안내합니다. 운영자가 바꿔야 하는 템플릿입니다.',
      markdown: md`
**이 글은 OpenEx에 포함된 템플릿입니다. 이 사이트의 운영자는 자신의 서비스와 적용되는 법에 맞는 고지로 바꿔야 합니다.**

## 소프트웨어와 이 사이트

OpenEx는 오픈소스 소프트웨어입니다. 이 사이트는 그 설치본 가운데 하나로, 운영자가 운영합니다. 소프트웨어 저자는 이 사이트를 운영하거나 통제하거나 보증하지 않으며, 어떤 사용자의 자금이나 데이터도 보유하지 않습니다.

## 금융 서비스의 제안이 아닙니다

이 데모는 거래소가 어떻게 작동하는지 보여 줍니다. 가격은 시뮬레이터에서 오고, 코인은 가치 없는 테스트 네트워크 코인입니다. 여기의 어떤 내용도 자산을 사고팔자는 제안이나 투자·법률·세무 조언이 아닙니다. 이런 서비스는 많은 나라에서 규제를 받으므로, 실제로 제공하려면 운영자와 사용자가 있는 곳에서 인가가 필요할 수 있습니다.

## 위험 경고

디지털 자산은 변동성이 큽니다. 거래, 특히 레버리지 거래와 초 단위 선물은 투입한 돈 전부를 잃을 수 있습니다. 과거 가격은, 데모의 시뮬레이션된 기록을 포함해, 미래의 결과에 대해 아무것도 말해 주지 않습니다.

## 이용 가능성

서비스는 예고 없이 언제든 중단, 변경 또는 초기화될 수 있으며 데이터가 사라질 수 있습니다.

## 이름과 상표

Binance, Google Authenticator, Microsoft Authenticator, 1Password 및 그 밖의 이름은 각 소유자의 상표입니다. 이 거래소가 Binance의 API와 호환되거나 Binance가 공개한 공식을 따른다고 해서 Binance와 어떤 관계가 있다는 뜻은 아닙니다.

## 연락처

이 사이트에 관한 질문은 [의견 보내기](/feedback)로 운영자에게 보내 주세요. [이용약관](/userAgreement)과 [개인정보 처리방침](/privacyPolicy)도 적용됩니다.
`,
    },
    es: {
      title: 'Aviso legal',
      summary: 'Quién gestiona este sitio, qué no es esta demo, los riesgos de los activos digitales y de quién son los nombres que aparecen aquí. Es una plantilla que el operador debe sustituir.',
      markdown: md`
**Este texto es una plantilla que acompaña a OpenEx. El operador de este sitio debe sustituirlo por un aviso adecuado a su servicio y a la ley que le sea aplicable.**

## El software y este sitio

OpenEx es software de código abierto. Este sitio es una instalación suya, gestionada por su operador. Los autores del software no gestionan, controlan ni respaldan este sitio, y no guardan fondos ni datos de ningún usuario.

## No es una oferta de servicios financieros

Esta demo muestra cómo funciona un exchange. Sus precios vienen de un simulador y sus monedas son monedas de una red de pruebas sin valor. Nada de lo que hay aquí es una oferta de compra o venta de ningún activo, ni asesoramiento de inversión, legal o fiscal. Los servicios de este tipo están regulados en muchos países: ofrecerlos de verdad puede requerir una licencia donde estén el operador y los usuarios.

## Advertencia de riesgo

Los activos digitales son volátiles. Operar, y sobre todo operar con apalancamiento y con contratos por segundos, puede hacer perder todo el dinero invertido. Los precios pasados, incluido el historial simulado de la demo, no dicen nada sobre los resultados futuros.

## Disponibilidad

El servicio puede interrumpirse, cambiar o reiniciarse en cualquier momento sin aviso, y pueden perderse datos.

## Nombres y marcas

Binance, Google Authenticator, Microsoft Authenticator, 1Password y otros nombres son marcas de sus propietarios. Que este exchange sea compatible con las API de Binance o siga sus fórmulas publicadas no implica ninguna relación con Binance.

## Contacto

Las preguntas sobre este sitio van a su operador, mediante los [comentarios](/feedback). También se aplican el [acuerdo de usuario](/userAgreement) y la [política de privacidad](/privacyPolicy).
`,
    },
    it: {
      title: 'Note legali',
      summary: "Chi gestisce questo sito, cosa questa demo non è, i rischi degli asset digitali e di chi sono i nomi che compaiono qui. È un modello che l'operatore deve sostituire.",
      markdown: md`
**Questo testo è un modello fornito con OpenEx. L'operatore di questo sito deve sostituirlo con note adatte al proprio servizio e alla legge che gli si applica.**

## Il software e questo sito

OpenEx è software open source. Questo sito ne è un'installazione, gestita dal suo operatore. Gli autori del software non gestiscono, controllano né approvano questo sito, e non detengono fondi o dati di alcun utente.

## Non è un'offerta di servizi finanziari

Questa demo mostra come funziona un exchange. I suoi prezzi vengono da un simulatore e le sue monete sono monete di una rete di test senza valore. Nulla qui è un'offerta di acquisto o vendita di alcun asset, né consulenza d'investimento, legale o fiscale. Servizi di questo tipo sono regolamentati in molti paesi: offrirli davvero può richiedere una licenza dove si trovano l'operatore e gli utenti.

## Avvertenza sui rischi

Gli asset digitali sono volatili. Il trading, e soprattutto il trading con leva e i contratti a secondi, può far perdere tutto il denaro impegnato. I prezzi passati, compresa la storia simulata della demo, non dicono nulla sui risultati futuri.

## Disponibilità

Il servizio può essere interrotto, modificato o azzerato in qualsiasi momento senza preavviso, e i dati possono andare persi.

## Nomi e marchi

Binance, Google Authenticator, Microsoft Authenticator, 1Password e altri nomi sono marchi dei rispettivi proprietari. Il fatto che questo exchange sia compatibile con le API di Binance o ne segua le formule pubblicate non implica alcun rapporto con Binance.

## Contatti

Le domande su questo sito vanno al suo operatore, tramite il [feedback](/feedback). Si applicano anche il [contratto d'uso](/userAgreement) e l'[informativa sulla privacy](/privacyPolicy).
`,
    },
    pt: {
      title: 'Aviso legal',
      summary: 'Quem opera este site, o que esta demonstração não é, os riscos dos ativos digitais e de quem são os nomes que aparecem aqui. É um modelo que o operador deve substituir.',
      markdown: md`
**Este texto é um modelo que acompanha a OpenEx. O operador deste site deve substituí-lo por um aviso adequado ao seu serviço e à lei que se aplica a ele.**

## O software e este site

A OpenEx é software de código aberto. Este site é uma instalação dela, operada pelo seu operador. Os autores do software não operam, não controlam e não endossam este site, e não guardam fundos nem dados de nenhum usuário.

## Não é uma oferta de serviços financeiros

Esta demonstração mostra como uma exchange funciona. Os preços vêm de um simulador e as moedas são moedas de rede de teste sem valor. Nada aqui é uma oferta de compra ou venda de qualquer ativo, nem recomendação de investimento, jurídica ou tributária. Serviços desse tipo são regulados em muitos países: oferecê-los de verdade pode exigir licença onde estão o operador e os usuários.

## Aviso de risco

Ativos digitais são voláteis. Negociar, e sobretudo negociar com alavancagem e contratos por segundos, pode fazer perder todo o dinheiro aplicado. Preços passados, incluindo o histórico simulado da demonstração, não dizem nada sobre resultados futuros.

## Disponibilidade

O serviço pode ser interrompido, alterado ou reiniciado a qualquer momento sem aviso, e dados podem ser perdidos.

## Nomes e marcas

Binance, Google Authenticator, Microsoft Authenticator, 1Password e outros nomes são marcas de seus donos. O fato de esta exchange ser compatível com as APIs da Binance ou seguir as fórmulas publicadas por ela não significa nenhuma relação com a Binance.

## Contato

Perguntas sobre este site vão para o operador dele, pelo [feedback](/feedback). O [acordo do usuário](/userAgreement) e a [política de privacidade](/privacyPolicy) também se aplicam.
`,
    },
  },
};

export const PAGES_LEGAL: readonly DemoArticle[] = [AGREEMENT, PRIVACY, STATEMENT];
