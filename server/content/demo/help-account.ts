// Help, account: registering and signing in, the security centre, identity verification.

import { md, type DemoArticle } from './types.ts';

const REGISTER: DemoArticle = {
  seedKey: 'help.account.register',
  kind: 'help',
  category: 'account',
  ageDays: 20,
  texts: {
    en: {
      title: 'Creating an account and signing in',
      summary: 'Register with an e-mail address or a phone number, sign in with your password and second factor, and reset a forgotten password.',
      markdown: md`
## Register

1. Open [Register](/register) and choose e-mail or phone.
2. Enter your address and ask for a verification code. The code has 6 digits, is valid for 10 minutes and stops working after 5 wrong tries; you can ask for a new one after 60 seconds.
3. Choose a password of 8 to 32 characters with at least one letter and one digit.
4. Enter an invitation code if someone invited you (optional), accept the [user agreement](/userAgreement) and submit.

## Sign in

[Sign in](/login) with your e-mail or phone and your password. If you turned on an authenticator app, you are also asked for its current code. With a passkey you can sign in without typing your account at all.

Wrong passwords are slowed down, never answered with a lockout: after a few failures from one address, each new try waits a little longer. After many failures on your account, a sign-in from an address that has not signed in to it recently also needs a code sent to you, and you are told about it.

## Forgot your password?

Use [Forgot password](/forget): a code sent to your e-mail or phone lets you choose a new password, and every session of your account is signed out.

In this demo, if the operator has not connected a mail server, verification codes wait in the server's outbox, where the operator can read them.
`,
    },
    'zh-CN': {
      title: '注册账户和登录',
      summary: '用电子邮箱或手机号注册，用密码和第二验证因素登录，以及重置忘记的密码。',
      markdown: md`
## 注册

1. 打开[注册](/register)页面，选择邮箱或手机。
2. 输入您的地址并获取验证码。验证码为 6 位数字，10 分钟内有效，输错 5 次即失效；60 秒后可以重新获取。
3. 设置 8 到 32 个字符的密码，至少包含一个字母和一个数字。
4. 如果有人邀请您，请填写邀请码（可选），同意[用户协议](/userAgreement)后提交。

## 登录

使用邮箱或手机号和密码[登录](/login)。如果您开启了身份验证器应用，还需要输入它当前的验证码。使用通行密钥，您甚至无需输入账户即可登录。

输错密码只会被放慢，而不会被锁定：同一地址失败几次后，每次重试都要多等一会儿。账户失败多次后，从最近没有登录过该账户的地址登录时，还需要输入发送给您的验证码，并且您会收到通知。

## 忘记密码？

使用[忘记密码](/forget)：发送到您邮箱或手机的验证码可以让您设置新密码，您账户的所有会话都会退出登录。

在本演示中，如果运营者没有连接邮件服务器，验证码会留在服务器的发件箱中，运营者可以在那里读取。
`,
    },
    'zh-TW': {
      title: '註冊帳戶和登入',
      summary: '用電子郵件或手機號碼註冊，用密碼和第二驗證因素登入，以及重設忘記的密碼。',
      markdown: md`
## 註冊

1. 開啟[註冊](/register)頁面，選擇電子郵件或手機。
2. 輸入您的地址並取得驗證碼。驗證碼為 6 位數字，10 分鐘內有效，輸錯 5 次即失效；60 秒後可以重新取得。
3. 設定 8 到 32 個字元的密碼，至少包含一個字母和一個數字。
4. 如果有人邀請您，請填寫邀請碼（選填），同意[使用者協議](/userAgreement)後送出。

## 登入

使用電子郵件或手機號碼和密碼[登入](/login)。如果您開啟了驗證器應用程式，還需要輸入它目前的驗證碼。使用通行金鑰，您甚至不必輸入帳戶即可登入。

輸錯密碼只會被放慢，而不會被鎖定：同一地址失敗幾次後，每次重試都要多等一會兒。帳戶失敗多次後，從最近沒有登入過該帳戶的地址登入時，還需要輸入傳送給您的驗證碼，並且您會收到通知。

## 忘記密碼？

使用[忘記密碼](/forget)：傳送到您電子郵件或手機的驗證碼可以讓您設定新密碼，您帳戶的所有工作階段都會登出。

在本示範中，如果營運者沒有連接郵件伺服器，驗證碼會留在伺服器的寄件匣中，營運者可以在那裡讀取。
`,
    },
    ja: {
      title: 'アカウントの作成とログイン',
      summary: 'メールアドレスまたは電話番号で登録し、パスワードと 2 要素目でログインします。忘れたパスワードの再設定方法も説明します。',
      markdown: md`
## 登録

1. [登録](/register)を開き、メールか電話を選びます。
2. アドレスを入力して認証コードを請求します。コードは 6 桁で、10 分間有効、5 回間違えると使えなくなります。60 秒後に再送を頼めます。
3. 英字と数字をそれぞれ 1 文字以上含む、8〜32 文字のパスワードを決めます。
4. 招待された場合は招待コードを入力し（任意）、[利用規約](/userAgreement)に同意して送信します。

## ログイン

メールまたは電話番号とパスワードで[ログイン](/login)します。認証アプリを有効にしている場合は、その時点のコードも求められます。パスキーがあれば、アカウントを入力せずにログインできます。

パスワードの誤りは遅延されるだけで、ロックアウトにはなりません。同じアドレスから何度か失敗すると、次の試行まで少しずつ長く待つことになります。アカウントで多くの失敗があった後は、最近そのアカウントにログインしていないアドレスからのログインに、あなたに送られるコードも必要になり、そのことが通知されます。

## パスワードを忘れたら

[パスワードを忘れた場合](/forget)を使います。メールまたは電話に届くコードで新しいパスワードを設定でき、アカウントのすべてのセッションがログアウトされます。

このデモでは、運営者がメールサーバーを接続していない場合、認証コードはサーバーの送信箱に置かれ、運営者がそこで読むことができます。
`,
    },
    th: {
      title: 'การสร้างบัญชีและการเข้าสู่ระบบ',
      summary: 'สมัครด้วยอีเมลหรือหมายเลขโทรศัพท์ เข้าสู่ระบบด้วยรหัสผ่านและปัจจัยที่สอง และตั้งรหัสผ่านใหม่เมื่อลืม',
      markdown: md`
## สมัครสมาชิก

1. เปิด[สมัครสมาชิก](/register)แล้วเลือกอีเมลหรือโทรศัพท์
2. กรอกที่อยู่ของคุณแล้วขอรหัสยืนยัน รหัสมี 6 หลัก ใช้ได้ 10 นาที และใช้ไม่ได้อีกหลังกรอกผิด 5 ครั้ง ขอรหัสใหม่ได้หลัง 60 วินาที
3. ตั้งรหัสผ่าน 8 ถึง 32 ตัวอักษร มีตัวอักษรอย่างน้อยหนึ่งตัวและตัวเลขอย่างน้อยหนึ่งตัว
4. กรอกรหัสเชิญหากมีผู้เชิญคุณ (ไม่บังคับ) ยอมรับ[ข้อตกลงผู้ใช้](/userAgreement) แล้วส่ง

## เข้าสู่ระบบ

[เข้าสู่ระบบ](/login)ด้วยอีเมลหรือโทรศัพท์และรหัสผ่านของคุณ หากคุณเปิดใช้แอปยืนยันตัวตน ระบบจะขอรหัสปัจจุบันของแอปด้วย เมื่อใช้พาสคีย์ คุณเข้าสู่ระบบได้โดยไม่ต้องพิมพ์บัญชีเลย

รหัสผ่านที่ผิดจะถูกหน่วงเวลาเท่านั้น ไม่เคยถูกล็อก: หลังจากผิดหลายครั้งจากที่อยู่เดียว การลองแต่ละครั้งต้องรอนานขึ้นเล็กน้อย หลังจากบัญชีของคุณถูกลองผิดหลายครั้ง การเข้าสู่ระบบจากที่อยู่ที่ไม่ได้เข้าบัญชีนั้นเมื่อเร็ว ๆ นี้จะต้องใช้รหัสที่ส่งถึงคุณด้วย และคุณจะได้รับแจ้ง

## ลืมรหัสผ่าน?

ใช้[ลืมรหัสผ่าน](/forget): รหัสที่ส่งไปยังอีเมลหรือโทรศัพท์ของคุณช่วยให้ตั้งรหัสผ่านใหม่ได้ และทุกเซสชันของบัญชีจะถูกออกจากระบบ

ในการสาธิตนี้ หากผู้ดูแลไม่ได้เชื่อมต่อเซิร์ฟเวอร์อีเมล รหัสยืนยันจะรออยู่ในกล่องขาออกของเซิร์ฟเวอร์ ซึ่งผู้ดูแลอ่านได้
`,
    },
    ko: {
      title: '계정 만들기와 로그인',
      summary: '이메일 주소나 전화번호로 가입하고, 비밀번호와 2단계 인증으로 로그인하며, 잊어버린 비밀번호를 재설정하는 방법입니다.',
      markdown: md`
## 가입

1. [회원가입](/register)을 열고 이메일 또는 전화를 고릅니다.
2. 주소를 입력하고 인증 코드를 요청합니다. 코드는 6자리이고 10분간 유효하며 5번 틀리면 더 이상 쓸 수 없습니다. 60초 뒤에 새 코드를 요청할 수 있습니다.
3. 영문자와 숫자를 각각 하나 이상 포함한 8~32자의 비밀번호를 정합니다.
4. 초대받았다면 초대 코드를 입력하고(선택), [이용약관](/userAgreement)에 동의한 뒤 제출합니다.

## 로그인

이메일 또는 전화번호와 비밀번호로 [로그인](/login)합니다. 인증 앱을 켜 두었다면 현재 코드도 요구됩니다. 패스키가 있으면 계정을 입력하지 않고도 로그인할 수 있습니다.

틀린 비밀번호는 느려질 뿐 잠기지 않습니다. 한 주소에서 몇 번 실패하면 다음 시도마다 조금씩 더 기다려야 합니다. 계정에서 여러 번 실패한 뒤에는, 최근 그 계정에 로그인한 적 없는 주소에서 로그인할 때 당신에게 보내는 코드도 필요하며, 그 사실을 알려 드립니다.

## 비밀번호를 잊으셨나요?

[비밀번호 찾기](/forget)를 이용하세요. 이메일이나 휴대폰으로 받은 코드로 새 비밀번호를 정할 수 있으며, 계정의 모든 세션이 로그아웃됩니다.

이 데모에서 운영자가 메일 서버를 연결하지 않았다면 인증 코드는 서버의 보낼 편지함에 남아 있고, 운영자가 그곳에서 읽을 수 있습니다.
`,
    },
    es: {
      title: 'Crear una cuenta e iniciar sesión',
      summary: 'Regístrate con un correo electrónico o un número de teléfono, inicia sesión con tu contraseña y tu segundo factor, y restablece una contraseña olvidada.',
      markdown: md`
## Registro

1. Abre [Registro](/register) y elige correo electrónico o teléfono.
2. Escribe tu dirección y pide un código de verificación. El código tiene 6 dígitos, vale 10 minutos y deja de funcionar tras 5 intentos fallidos; puedes pedir otro pasados 60 segundos.
3. Elige una contraseña de 8 a 32 caracteres con al menos una letra y un dígito.
4. Escribe un código de invitación si alguien te invitó (opcional), acepta el [acuerdo de usuario](/userAgreement) y envía.

## Iniciar sesión

[Inicia sesión](/login) con tu correo o teléfono y tu contraseña. Si activaste una aplicación de autenticación, también se te pide su código actual. Con una llave de acceso puedes entrar sin escribir tu cuenta.

Las contraseñas erróneas se ralentizan, nunca se responden con un bloqueo: tras algunos fallos desde una dirección, cada nuevo intento espera un poco más. Tras muchos fallos en tu cuenta, un inicio de sesión desde una dirección que no ha entrado en ella recientemente necesita además un código que se te envía, y se te avisa.

## ¿Olvidaste tu contraseña?

Usa [Olvidé mi contraseña](/forget): un código enviado a tu correo o teléfono te permite elegir una contraseña nueva, y se cierran todas las sesiones de tu cuenta.

En esta demo, si el operador no ha conectado un servidor de correo, los códigos de verificación esperan en la bandeja de salida del servidor, donde el operador puede leerlos.
`,
    },
    it: {
      title: 'Creare un account e accedere',
      summary: "Registrati con un indirizzo e-mail o un numero di telefono, accedi con password e secondo fattore e reimposta una password dimenticata.",
      markdown: md`
## Registrazione

1. Apri [Registrati](/register) e scegli e-mail o telefono.
2. Inserisci il tuo indirizzo e chiedi un codice di verifica. Il codice ha 6 cifre, vale 10 minuti e smette di funzionare dopo 5 tentativi errati; puoi chiederne uno nuovo dopo 60 secondi.
3. Scegli una password da 8 a 32 caratteri con almeno una lettera e una cifra.
4. Inserisci un codice invito se qualcuno ti ha invitato (facoltativo), accetta il [contratto d'uso](/userAgreement) e invia.

## Accesso

[Accedi](/login) con e-mail o telefono e la tua password. Se hai attivato un'app di autenticazione, ti viene chiesto anche il suo codice attuale. Con una passkey puoi accedere senza nemmeno digitare l'account.

Le password sbagliate vengono rallentate, mai punite con un blocco: dopo alcuni errori da un indirizzo, ogni nuovo tentativo attende un po' di più. Dopo molti errori sul tuo account, un accesso da un indirizzo che non vi è entrato di recente richiede anche un codice inviato a te, e ne vieni informato.

## Password dimenticata?

Usa [Password dimenticata](/forget): un codice inviato alla tua e-mail o al tuo telefono ti permette di scegliere una nuova password, e tutte le sessioni del tuo account vengono chiuse.

In questa demo, se l'operatore non ha collegato un server di posta, i codici di verifica restano nella posta in uscita del server, dove l'operatore può leggerli.
`,
    },
    pt: {
      title: 'Criar uma conta e entrar',
      summary: 'Cadastre-se com um e-mail ou um número de telefone, entre com sua senha e seu segundo fator e redefina uma senha esquecida.',
      markdown: md`
## Cadastro

1. Abra [Cadastro](/register) e escolha e-mail ou telefone.
2. Digite seu endereço e peça um código de verificação. O código tem 6 dígitos, vale por 10 minutos e deixa de funcionar após 5 tentativas erradas; você pode pedir outro depois de 60 segundos.
3. Escolha uma senha de 8 a 32 caracteres com pelo menos uma letra e um dígito.
4. Digite um código de convite se alguém convidou você (opcional), aceite o [acordo do usuário](/userAgreement) e envie.

## Entrar

[Entre](/login) com seu e-mail ou telefone e sua senha. Se você ativou um aplicativo autenticador, também será pedido o código atual dele. Com uma chave de acesso você entra sem nem digitar sua conta.

Senhas erradas são desaceleradas, nunca respondidas com bloqueio: depois de algumas falhas a partir de um endereço, cada nova tentativa espera um pouco mais. Depois de muitas falhas na sua conta, uma entrada a partir de um endereço que não entrou nela recentemente também precisa de um código enviado a você, e você é avisado.

## Esqueceu a senha?

Use [Esqueci a senha](/forget): um código enviado ao seu e-mail ou telefone permite escolher uma nova senha, e todas as sessões da sua conta são encerradas.

Nesta demonstração, se o operador não conectou um servidor de e-mail, os códigos de verificação ficam na caixa de saída do servidor, onde o operador pode lê-los.
`,
    },
  },
};

const SECURITY: DemoArticle = {
  seedKey: 'help.account.security',
  kind: 'help',
  category: 'account',
  ageDays: 20,
  texts: {
    en: {
      title: 'The security centre: two-factor sign-in and the fund password',
      summary: 'Raise your safety level with an authenticator app or a passkey, a fund password and an anti-phishing code, and see what happens after a security change.',
      markdown: md`
Open the security centre on [your account page](/accountSet). It shows your **safety level** (low, medium or high) and what would raise it: a bound e-mail, a bound phone, a fund password, two-factor sign-in and an anti-phishing code each add a point.

## Two-factor sign-in

- **Authenticator app (TOTP)**: scan the QR code with Google Authenticator, Microsoft Authenticator, 1Password or a similar app, then enter a code to turn it on. From then on a sign-in asks for the current six-digit code, and a code already used is refused.
- **Passkeys**: your device's fingerprint, face or screen lock. A passkey signs you in on its own.

## Fund password

The fund password is separate from your login password: 6 to 32 characters without spaces, and not the same as the login password. Withdrawals ask for it, and so does starting a quantitative bot. Setting or changing it needs a verification code.

## Anti-phishing code, devices and history

Set an anti-phishing code and it appears at the top of every message the exchange sends you: a message without it is not from us. You can also see the devices and sessions signed in to your account, sign out one or all the others, and read your login history.

## After a change

You are told of every security change. A change of the login password, the fund password or the authenticator **locks withdrawals for 24 hours**, so someone who took over your session cannot empty the account at once. Wrong codes and passwords are slowed down, never locked out.
`,
    },
    'zh-CN': {
      title: '安全中心：双重验证登录和资金密码',
      summary: '通过身份验证器应用或通行密钥、资金密码和防钓鱼码提高安全等级，并了解安全设置变更后会发生什么。',
      markdown: md`
在[账户页面](/accountSet)打开安全中心。这里显示您的**安全等级**（低、中或高）以及如何提高它：绑定邮箱、绑定手机、资金密码、双重验证登录和防钓鱼码各加一分。

## 双重验证登录

- **身份验证器应用（TOTP）**：用 Google Authenticator、Microsoft Authenticator、1Password 或类似应用扫描二维码，然后输入一个验证码即可开启。此后登录时需要输入当前的六位验证码，已经用过的验证码会被拒绝。
- **通行密钥**：使用设备的指纹、面容或屏幕锁。通行密钥本身即可让您登录。

## 资金密码

资金密码与登录密码分开：6 到 32 个字符，不含空格，且不能与登录密码相同。提币时需要它，启动量化机器人时也需要。设置或修改资金密码需要验证码。

## 防钓鱼码、设备和记录

设置防钓鱼码后，它会出现在交易所发给您的每一条消息的顶部：没有它的消息就不是我们发的。您还可以查看登录您账户的设备和会话，退出其中一个或所有其他会话，并查看登录记录。

## 变更之后

每一次安全变更都会通知您。修改登录密码、资金密码或身份验证器后，**提币将被锁定 24 小时**，这样即使有人接管了您的会话，也无法立刻转走账户里的资金。输错验证码和密码只会被放慢，而不会被锁定。
`,
    },
    'zh-TW': {
      title: '安全中心：雙重驗證登入和資金密碼',
      summary: '透過驗證器應用程式或通行金鑰、資金密碼和防釣魚碼提高安全等級，並了解安全設定變更後會發生什麼。',
      markdown: md`
在[帳戶頁面](/accountSet)開啟安全中心。這裡顯示您的**安全等級**（低、中或高）以及如何提高它：綁定電子郵件、綁定手機、資金密碼、雙重驗證登入和防釣魚碼各加一分。

## 雙重驗證登入

- **驗證器應用程式（TOTP）**：用 Google Authenticator、Microsoft Authenticator、1Password 或類似應用程式掃描 QR 碼，然後輸入一個驗證碼即可開啟。此後登入時需要輸入目前的六位驗證碼，已經用過的驗證碼會被拒絕。
- **通行金鑰**：使用裝置的指紋、臉部辨識或螢幕鎖定。通行金鑰本身即可讓您登入。

## 資金密碼

資金密碼與登入密碼分開：6 到 32 個字元，不含空格，且不能與登入密碼相同。提幣時需要它，啟動量化機器人時也需要。設定或修改資金密碼需要驗證碼。

## 防釣魚碼、裝置和紀錄

設定防釣魚碼後，它會出現在交易所發給您的每一則訊息的頂部：沒有它的訊息就不是我們發的。您還可以查看登入您帳戶的裝置和工作階段，登出其中一個或所有其他工作階段，並查看登入紀錄。

## 變更之後

每一次安全變更都會通知您。修改登入密碼、資金密碼或驗證器後，**提幣將被鎖定 24 小時**，這樣即使有人接管了您的工作階段，也無法立刻轉走帳戶裡的資金。輸錯驗證碼和密碼只會被放慢，而不會被鎖定。
`,
    },
    ja: {
      title: 'セキュリティセンター：2 段階認証ログインと資金パスワード',
      summary: '認証アプリやパスキー、資金パスワード、フィッシング対策コードで安全レベルを上げましょう。セキュリティ変更後に何が起きるかも説明します。',
      markdown: md`
[アカウントページ](/accountSet)でセキュリティセンターを開きます。**安全レベル**（低・中・高）と、それを上げる方法が表示されます。メールの登録、電話の登録、資金パスワード、2 段階認証ログイン、フィッシング対策コードがそれぞれ 1 点になります。

## 2 段階認証ログイン

- **認証アプリ（TOTP）**：Google Authenticator、Microsoft Authenticator、1Password などのアプリで QR コードを読み取り、コードを入力すると有効になります。以後のログインでは現在の 6 桁のコードが求められ、一度使ったコードは拒否されます。
- **パスキー**：端末の指紋、顔、画面ロックを使います。パスキーだけでログインできます。

## 資金パスワード

資金パスワードはログインパスワードとは別のものです。空白を含まない 6〜32 文字で、ログインパスワードと同じにはできません。出金のとき、そしてクオンツボットを始めるときに求められます。設定や変更には認証コードが必要です。

## フィッシング対策コード、端末、履歴

フィッシング対策コードを設定すると、取引所から届くすべてのメッセージの先頭に表示されます。それがないメッセージは当社からのものではありません。アカウントにログイン中の端末とセッションを確認し、1 つまたは他のすべてをログアウトさせ、ログイン履歴を読むこともできます。

## 変更の後

セキュリティの変更はすべて通知されます。ログインパスワード、資金パスワード、認証アプリを変更すると**出金が 24 時間ロック**されるため、セッションを乗っ取った人がすぐに口座を空にすることはできません。間違ったコードやパスワードは遅延されるだけで、ロックアウトにはなりません。
`,
    },
    th: {
      title: 'ศูนย์ความปลอดภัย: การเข้าสู่ระบบสองขั้นตอนและรหัสผ่านการเงิน',
      summary: 'เพิ่มระดับความปลอดภัยด้วยแอปยืนยันตัวตนหรือพาสคีย์ รหัสผ่านการเงิน และรหัสป้องกันฟิชชิง และดูว่าเกิดอะไรขึ้นหลังเปลี่ยนการตั้งค่าความปลอดภัย',
      markdown: md`
เปิดศูนย์ความปลอดภัยที่[หน้าบัญชีของคุณ](/accountSet) จะเห็น **ระดับความปลอดภัย** (ต่ำ กลาง หรือสูง) และสิ่งที่จะช่วยเพิ่มระดับ: อีเมลที่ผูกไว้ โทรศัพท์ที่ผูกไว้ รหัสผ่านการเงิน การเข้าสู่ระบบสองขั้นตอน และรหัสป้องกันฟิชชิง แต่ละอย่างเพิ่มหนึ่งคะแนน

## การเข้าสู่ระบบสองขั้นตอน

- **แอปยืนยันตัวตน (TOTP)**: สแกนคิวอาร์โค้ดด้วย Google Authenticator, Microsoft Authenticator, 1Password หรือแอปที่คล้ายกัน แล้วกรอกรหัสเพื่อเปิดใช้ หลังจากนั้นการเข้าสู่ระบบจะขอรหัสหกหลักปัจจุบัน และรหัสที่ใช้ไปแล้วจะถูกปฏิเสธ
- **พาสคีย์**: ลายนิ้วมือ ใบหน้า หรือการล็อกหน้าจอของอุปกรณ์ พาสคีย์พาคุณเข้าสู่ระบบได้ด้วยตัวเอง

## รหัสผ่านการเงิน

รหัสผ่านการเงินแยกจากรหัสผ่านเข้าสู่ระบบ: 6 ถึง 32 ตัวอักษร ไม่มีช่องว่าง และต้องไม่ซ้ำกับรหัสผ่านเข้าสู่ระบบ การถอนเงินต้องใช้รหัสนี้ และการเริ่มบอทเทรดเชิงปริมาณก็เช่นกัน การตั้งหรือเปลี่ยนรหัสต้องใช้รหัสยืนยัน

## รหัสป้องกันฟิชชิง อุปกรณ์ และประวัติ

เมื่อตั้งรหัสป้องกันฟิชชิง รหัสจะปรากฏที่ด้านบนของทุกข้อความที่กระดานเทรดส่งถึงคุณ ข้อความที่ไม่มีรหัสนี้ไม่ได้มาจากเรา คุณยังดูอุปกรณ์และเซสชันที่เข้าสู่บัญชีของคุณอยู่ ออกจากระบบทีละเซสชันหรือทั้งหมดที่เหลือ และอ่านประวัติการเข้าสู่ระบบได้

## หลังการเปลี่ยนแปลง

คุณจะได้รับแจ้งทุกการเปลี่ยนแปลงด้านความปลอดภัย การเปลี่ยนรหัสผ่านเข้าสู่ระบบ รหัสผ่านการเงิน หรือแอปยืนยันตัวตน จะ **ล็อกการถอนเงิน 24 ชั่วโมง** ผู้ที่ยึดเซสชันของคุณจึงไม่สามารถถอนเงินออกจากบัญชีได้ทันที รหัสและรหัสผ่านที่ผิดจะถูกหน่วงเวลาเท่านั้น ไม่เคยถูกล็อก
`,
    },
    ko: {
      title: '보안 센터: 2단계 인증 로그인과 자금 비밀번호',
      summary: '인증 앱이나 패스키, 자금 비밀번호, 피싱 방지 코드로 보안 수준을 높이고, 보안 설정을 바꾼 뒤 어떤 일이 일어나는지 알아보세요.',
      markdown: md`
[계정 페이지](/accountSet)에서 보안 센터를 엽니다. **보안 수준**(낮음, 보통, 높음)과 이를 높이는 방법이 표시됩니다. 이메일 연결, 전화 연결, 자금 비밀번호, 2단계 인증 로그인, 피싱 방지 코드가 각각 1점씩 더합니다.

## 2단계 인증 로그인

- **인증 앱(TOTP)**: Google Authenticator, Microsoft Authenticator, 1Password 같은 앱으로 QR 코드를 스캔한 뒤 코드를 입력하면 켜집니다. 그 후 로그인할 때 현재 6자리 코드를 묻고, 이미 사용한 코드는 거부됩니다.
- **패스키**: 기기의 지문, 얼굴 또는 화면 잠금을 사용합니다. 패스키만으로 로그인할 수 있습니다.

## 자금 비밀번호

자금 비밀번호는 로그인 비밀번호와 별개입니다. 공백 없는 6~32자이며 로그인 비밀번호와 같을 수 없습니다. 출금할 때와 퀀트 봇을 시작할 때 필요합니다. 설정하거나 변경하려면 인증 코드가 필요합니다.

## 피싱 방지 코드, 기기, 기록

피싱 방지 코드를 설정하면 거래소가 보내는 모든 메시지 맨 위에 표시됩니다. 코드가 없는 메시지는 저희가 보낸 것이 아닙니다. 계정에 로그인된 기기와 세션을 보고, 하나 또는 나머지 전부를 로그아웃시키고, 로그인 기록을 읽을 수도 있습니다.

## 변경 후에는

모든 보안 변경은 당신에게 알려집니다. 로그인 비밀번호, 자금 비밀번호 또는 인증 앱을 바꾸면 **출금이 24시간 잠기므로**, 세션을 가로챈 사람이 곧바로 계정을 비울 수 없습니다. 틀린 코드와 비밀번호는 느려질 뿐 잠기지 않습니다.
`,
    },
    es: {
      title: 'El centro de seguridad: inicio de sesión en dos pasos y contraseña de fondos',
      summary: 'Sube tu nivel de seguridad con una app de autenticación o una llave de acceso, una contraseña de fondos y un código antiphishing, y mira qué pasa tras un cambio de seguridad.',
      markdown: md`
Abre el centro de seguridad en [tu página de cuenta](/accountSet). Muestra tu **nivel de seguridad** (bajo, medio o alto) y qué lo subiría: un correo vinculado, un teléfono vinculado, una contraseña de fondos, el inicio de sesión en dos pasos y un código antiphishing suman un punto cada uno.

## Inicio de sesión en dos pasos

- **App de autenticación (TOTP)**: escanea el código QR con Google Authenticator, Microsoft Authenticator, 1Password o una app parecida y escribe un código para activarla. Desde entonces, cada inicio de sesión pide el código actual de seis dígitos, y un código ya usado se rechaza.
- **Llaves de acceso**: la huella, la cara o el bloqueo de pantalla de tu dispositivo. Una llave de acceso te permite entrar por sí sola.

## Contraseña de fondos

La contraseña de fondos es distinta de la de inicio de sesión: de 6 a 32 caracteres sin espacios, y no puede ser igual a la de inicio de sesión. Los retiros la piden, y también iniciar un bot cuantitativo. Establecerla o cambiarla requiere un código de verificación.

## Código antiphishing, dispositivos e historial

Establece un código antiphishing y aparecerá al principio de cada mensaje que te envíe el exchange: un mensaje sin él no es nuestro. También puedes ver los dispositivos y sesiones conectados a tu cuenta, cerrar uno o todos los demás y leer tu historial de inicios de sesión.

## Después de un cambio

Se te avisa de cada cambio de seguridad. Un cambio de la contraseña de inicio de sesión, de la contraseña de fondos o del autenticador **bloquea los retiros durante 24 horas**, para que quien se haya apoderado de tu sesión no pueda vaciar la cuenta de inmediato. Los códigos y contraseñas erróneos se ralentizan, nunca se bloquean.
`,
    },
    it: {
      title: "Il centro sicurezza: accesso in due passaggi e password dei fondi",
      summary: "Alza il tuo livello di sicurezza con un'app di autenticazione o una passkey, una password dei fondi e un codice anti-phishing, e scopri cosa succede dopo una modifica.",
      markdown: md`
Apri il centro sicurezza dalla [pagina del tuo account](/accountSet). Mostra il tuo **livello di sicurezza** (basso, medio o alto) e cosa lo alzerebbe: un'e-mail collegata, un telefono collegato, una password dei fondi, l'accesso in due passaggi e un codice anti-phishing aggiungono un punto ciascuno.

## Accesso in due passaggi

- **App di autenticazione (TOTP)**: inquadra il codice QR con Google Authenticator, Microsoft Authenticator, 1Password o un'app simile, poi inserisci un codice per attivarla. Da quel momento ogni accesso chiede il codice attuale di sei cifre, e un codice già usato viene rifiutato.
- **Passkey**: l'impronta, il volto o il blocco schermo del tuo dispositivo. Una passkey ti fa accedere da sola.

## Password dei fondi

La password dei fondi è distinta da quella di accesso: da 6 a 32 caratteri senza spazi, e non uguale alla password di accesso. La chiedono i prelievi e anche l'avvio di un bot quantitativo. Impostarla o cambiarla richiede un codice di verifica.

## Codice anti-phishing, dispositivi e cronologia

Imposta un codice anti-phishing e comparirà in cima a ogni messaggio che l'exchange ti invia: un messaggio senza di esso non è nostro. Puoi anche vedere i dispositivi e le sessioni collegati al tuo account, chiuderne uno o tutti gli altri e leggere la cronologia degli accessi.

## Dopo una modifica

Vieni informato di ogni modifica di sicurezza. Una modifica della password di accesso, della password dei fondi o dell'autenticatore **blocca i prelievi per 24 ore**, così chi si è impadronito della tua sessione non può svuotare subito il conto. Codici e password sbagliati vengono rallentati, mai bloccati.
`,
    },
    pt: {
      title: 'A central de segurança: login em duas etapas e senha de fundos',
      summary: 'Aumente seu nível de segurança com um app autenticador ou uma chave de acesso, uma senha de fundos e um código antiphishing, e veja o que acontece após uma alteração.',
      markdown: md`
Abra a central de segurança na [página da sua conta](/accountSet). Ela mostra seu **nível de segurança** (baixo, médio ou alto) e o que o elevaria: um e-mail vinculado, um telefone vinculado, uma senha de fundos, o login em duas etapas e um código antiphishing somam um ponto cada.

## Login em duas etapas

- **App autenticador (TOTP)**: leia o QR code com Google Authenticator, Microsoft Authenticator, 1Password ou um app parecido e digite um código para ativá-lo. A partir daí, cada login pede o código atual de seis dígitos, e um código já usado é recusado.
- **Chaves de acesso**: a digital, o rosto ou o bloqueio de tela do seu dispositivo. Uma chave de acesso faz o login sozinha.

## Senha de fundos

A senha de fundos é separada da senha de login: de 6 a 32 caracteres sem espaços, e diferente da senha de login. Os saques pedem essa senha, e iniciar um bot quantitativo também. Definir ou alterar a senha exige um código de verificação.

## Código antiphishing, dispositivos e histórico

Defina um código antiphishing e ele aparecerá no topo de cada mensagem que a exchange enviar a você: uma mensagem sem ele não é nossa. Você também pode ver os dispositivos e sessões conectados à sua conta, encerrar um ou todos os outros e ler seu histórico de login.

## Depois de uma alteração

Você é avisado de cada alteração de segurança. Alterar a senha de login, a senha de fundos ou o autenticador **bloqueia os saques por 24 horas**, para que alguém que tomou sua sessão não consiga esvaziar a conta na hora. Códigos e senhas errados são desacelerados, nunca bloqueados.
`,
    },
  },
};

const IDENTITY: DemoArticle = {
  seedKey: 'help.account.identity',
  kind: 'help',
  category: 'account',
  ageDays: 20,
  texts: {
    en: {
      title: 'Identity verification',
      summary: 'What to submit (an ID card or a passport), how your photos are handled, and how an operator reviews your submission.',
      markdown: md`
Identity (real-name) verification is done on [your account page](/accountSet). Withdrawals need a verified identity, and the operator may also require it for trading.

## What to submit

- An **ID card**: a photo of the front, one of the back, and one of you holding the card.
- Or a **passport**: a photo of the photo page and one of you holding the passport.

Add your name as written on the document, the document number and the issuing country. Photos must be JPEG, PNG or BMP, at most 8 MB each, and your face must be clearly visible in the hand-held photo.

## How your photos are handled

Each photo is checked by its content, not its name: a file that is not a real image, is cut short, or carries anything after the image is refused with a clear message. An accepted photo is re-encoded as a new JPEG without its metadata (no EXIF, no GPS location) and stored outside the website, readable only by you and the exchange's operators.

## Review

| status | meaning |
|---|---|
| Not verified | nothing submitted yet |
| Under review | an operator is checking your submission |
| Verified | approved |
| Rejected | the reason is shown; correct it and submit again |

You are told of the result in your language. While a submission is under review you cannot send another one.
`,
    },
    'zh-CN': {
      title: '身份认证',
      summary: '需要提交什么（身份证或护照），您的照片如何处理，以及运营者如何审核您的提交。',
      markdown: md`
身份（实名）认证在[账户页面](/accountSet)完成。提币需要已通过的身份认证，运营者也可能要求交易前完成认证。

## 需要提交什么

- **身份证**：正面照片、背面照片，以及您手持身份证的照片。
- 或**护照**：照片页的照片，以及您手持护照的照片。

填写证件上的姓名、证件号码和签发国家。照片须为 JPEG、PNG 或 BMP 格式，每张不超过 8 MB，手持照片中须能清楚看到您的脸。

## 照片如何处理

每张照片都按内容而不是文件名检查：不是真正的图片、被截断或在图片后面附带其他内容的文件会被拒绝，并给出明确的提示。通过的照片会重新编码为一张新的 JPEG，去掉元数据（没有 EXIF，没有 GPS 位置），存放在网站之外，只有您本人和交易所的运营者可以读取。

## 审核

| 状态 | 含义 |
|---|---|
| 未认证 | 尚未提交 |
| 审核中 | 运营者正在检查您的提交 |
| 已认证 | 已通过 |
| 已拒绝 | 会显示原因；修改后可重新提交 |

审核结果会用您的语言通知您。提交处于审核中时，不能再提交新的。
`,
    },
    'zh-TW': {
      title: '身分驗證',
      summary: '需要提交什麼（身分證或護照），您的照片如何處理，以及營運者如何審核您的提交。',
      markdown: md`
身分（實名）驗證在[帳戶頁面](/accountSet)完成。提幣需要已通過的身分驗證，營運者也可能要求交易前完成驗證。

## 需要提交什麼

- **身分證**：正面照片、背面照片，以及您手持身分證的照片。
- 或**護照**：照片頁的照片，以及您手持護照的照片。

填寫證件上的姓名、證件號碼和簽發國家。照片須為 JPEG、PNG 或 BMP 格式，每張不超過 8 MB，手持照片中須能清楚看到您的臉。

## 照片如何處理

每張照片都依內容而不是檔名檢查：不是真正的圖片、被截斷或在圖片後面附帶其他內容的檔案會被拒絕，並給出明確的提示。通過的照片會重新編碼為一張新的 JPEG，去除中繼資料（沒有 EXIF，沒有 GPS 位置），存放在網站之外，只有您本人和交易所的營運者可以讀取。

## 審核

| 狀態 | 含義 |
|---|---|
| 未驗證 | 尚未提交 |
| 審核中 | 營運者正在檢查您的提交 |
| 已驗證 | 已通過 |
| 已拒絕 | 會顯示原因；修改後可重新提交 |

審核結果會用您的語言通知您。提交處於審核中時，不能再提交新的。
`,
    },
    ja: {
      title: '本人確認',
      summary: '提出するもの（身分証明書またはパスポート）、写真の扱い方、そして運営者による審査の流れを説明します。',
      markdown: md`
本人確認（実名認証）は[アカウントページ](/accountSet)で行います。出金には本人確認の完了が必要で、運営者が取引にも求める場合があります。

## 提出するもの

- **身分証明書**：表面の写真、裏面の写真、証明書を持ったあなたの写真。
- または**パスポート**：顔写真ページの写真と、パスポートを持ったあなたの写真。

書類に書かれたとおりの氏名、書類番号、発行国を入力します。写真は JPEG、PNG、BMP のいずれかで 1 枚 8 MB まで、手に持った写真では顔がはっきり見えている必要があります。

## 写真の扱い

写真はファイル名ではなく中身で確認されます。本物の画像でないもの、途中で切れているもの、画像の後ろに何かが付いているものは、分かりやすいメッセージとともに拒否されます。受け付けた写真はメタデータ（EXIF や GPS の位置情報）を取り除いた新しい JPEG に変換され、ウェブサイトの外に保存されます。読めるのはあなたと取引所の運営者だけです。

## 審査

| 状態 | 意味 |
|---|---|
| 未確認 | まだ何も提出していない |
| 審査中 | 運営者が提出内容を確認している |
| 確認済み | 承認された |
| 却下 | 理由が表示されます。直して再提出できます |

結果はあなたの言語で通知されます。審査中は新しい提出はできません。
`,
    },
    th: {
      title: 'การยืนยันตัวตน',
      summary: 'สิ่งที่ต้องส่ง (บัตรประจำตัวหรือหนังสือเดินทาง) วิธีจัดการรูปภาพของคุณ และวิธีที่ผู้ดูแลตรวจสอบสิ่งที่คุณส่ง',
      markdown: md`
การยืนยันตัวตน (ชื่อจริง) ทำได้ที่[หน้าบัญชีของคุณ](/accountSet) การถอนเงินต้องยืนยันตัวตนแล้ว และผู้ดูแลอาจกำหนดให้ต้องยืนยันก่อนเทรดด้วย

## สิ่งที่ต้องส่ง

- **บัตรประจำตัว**: รูปด้านหน้า รูปด้านหลัง และรูปที่คุณถือบัตรไว้
- หรือ **หนังสือเดินทาง**: รูปหน้าที่มีรูปถ่าย และรูปที่คุณถือหนังสือเดินทางไว้

กรอกชื่อตามที่เขียนไว้ในเอกสาร หมายเลขเอกสาร และประเทศที่ออกเอกสาร รูปต้องเป็น JPEG, PNG หรือ BMP ไม่เกิน 8 MB ต่อรูป และต้องเห็นใบหน้าของคุณชัดเจนในรูปที่ถือเอกสาร

## การจัดการรูปภาพ

รูปแต่ละรูปถูกตรวจจากเนื้อหา ไม่ใช่จากชื่อไฟล์: ไฟล์ที่ไม่ใช่รูปภาพจริง ถูกตัดขาด หรือมีสิ่งอื่นต่อท้ายรูป จะถูกปฏิเสธพร้อมข้อความที่ชัดเจน รูปที่ผ่านจะถูกเข้ารหัสใหม่เป็น JPEG ไฟล์ใหม่โดยไม่มีข้อมูลเมตา (ไม่มี EXIF ไม่มีตำแหน่ง GPS) และเก็บไว้นอกเว็บไซต์ อ่านได้เฉพาะคุณและผู้ดูแลกระดานเทรดเท่านั้น

## การตรวจสอบ

| สถานะ | ความหมาย |
|---|---|
| ยังไม่ยืนยัน | ยังไม่ได้ส่งอะไร |
| กำลังตรวจสอบ | ผู้ดูแลกำลังตรวจสิ่งที่คุณส่ง |
| ยืนยันแล้ว | ได้รับอนุมัติ |
| ถูกปฏิเสธ | แสดงเหตุผลไว้ แก้ไขแล้วส่งใหม่ได้ |

คุณจะได้รับแจ้งผลเป็นภาษาของคุณ ระหว่างที่สิ่งที่ส่งกำลังถูกตรวจสอบ คุณส่งใหม่ไม่ได้
`,
    },
    ko: {
      title: '신원 인증',
      summary: '무엇을 제출하는지(신분증 또는 여권), 사진이 어떻게 처리되는지, 운영자가 제출물을 어떻게 심사하는지 알려 드립니다.',
      markdown: md`
신원(실명) 인증은 [계정 페이지](/accountSet)에서 합니다. 출금에는 인증된 신원이 필요하며, 운영자가 거래에도 요구할 수 있습니다.

## 제출할 것

- **신분증**: 앞면 사진, 뒷면 사진, 신분증을 들고 있는 본인 사진.
- 또는 **여권**: 사진이 있는 면의 사진과 여권을 들고 있는 본인 사진.

문서에 적힌 그대로의 이름, 문서 번호, 발행 국가를 입력합니다. 사진은 JPEG, PNG 또는 BMP이며 한 장에 8 MB 이하여야 하고, 들고 찍은 사진에서 얼굴이 분명히 보여야 합니다.

## 사진 처리 방식

각 사진은 이름이 아니라 내용으로 검사합니다. 진짜 이미지가 아닌 파일, 중간에 잘린 파일, 이미지 뒤에 무언가가 붙은 파일은 분명한 메시지와 함께 거부됩니다. 받아들인 사진은 메타데이터(EXIF, GPS 위치)가 없는 새 JPEG로 다시 인코딩되어 웹사이트 바깥에 저장되며, 본인과 거래소 운영자만 읽을 수 있습니다.

## 심사

| 상태 | 의미 |
|---|---|
| 미인증 | 아직 제출하지 않음 |
| 심사 중 | 운영자가 제출물을 확인하는 중 |
| 인증 완료 | 승인됨 |
| 거부됨 | 사유가 표시됩니다. 고쳐서 다시 제출하세요 |

결과는 당신의 언어로 알려 드립니다. 심사 중에는 새로 제출할 수 없습니다.
`,
    },
    es: {
      title: 'Verificación de identidad',
      summary: 'Qué enviar (un documento de identidad o un pasaporte), cómo se tratan tus fotos y cómo revisa un operador tu solicitud.',
      markdown: md`
La verificación de identidad (nombre real) se hace en [tu página de cuenta](/accountSet). Los retiros necesitan una identidad verificada, y el operador también puede exigirla para operar.

## Qué enviar

- Un **documento de identidad**: una foto del anverso, otra del reverso y otra tuya sosteniendo el documento.
- O un **pasaporte**: una foto de la página con la fotografía y otra tuya sosteniendo el pasaporte.

Añade tu nombre tal como aparece en el documento, el número del documento y el país emisor. Las fotos deben ser JPEG, PNG o BMP, de 8 MB como máximo cada una, y tu cara debe verse con claridad en la foto con el documento en la mano.

## Cómo se tratan tus fotos

Cada foto se comprueba por su contenido, no por su nombre: un archivo que no es una imagen real, que está cortado o que lleva algo tras la imagen se rechaza con un mensaje claro. Una foto aceptada se vuelve a codificar como un JPEG nuevo sin sus metadatos (sin EXIF, sin ubicación GPS) y se guarda fuera del sitio web, legible solo por ti y por los operadores del exchange.

## Revisión

| estado | significado |
|---|---|
| No verificado | aún no has enviado nada |
| En revisión | un operador está comprobando tu solicitud |
| Verificado | aprobado |
| Rechazado | se muestra el motivo; corrígelo y envía de nuevo |

Se te comunica el resultado en tu idioma. Mientras una solicitud está en revisión no puedes enviar otra.
`,
    },
    it: {
      title: "Verifica dell'identità",
      summary: "Cosa inviare (una carta d'identità o un passaporto), come vengono trattate le tue foto e come un operatore esamina la tua richiesta.",
      markdown: md`
La verifica dell'identità (nome reale) si fa dalla [pagina del tuo account](/accountSet). I prelievi richiedono un'identità verificata, e l'operatore può richiederla anche per fare trading.

## Cosa inviare

- Una **carta d'identità**: una foto del fronte, una del retro e una di te che tieni in mano la carta.
- Oppure un **passaporto**: una foto della pagina con la fotografia e una di te che tieni in mano il passaporto.

Aggiungi il tuo nome come scritto sul documento, il numero del documento e il paese che lo ha rilasciato. Le foto devono essere JPEG, PNG o BMP, al massimo 8 MB ciascuna, e il tuo volto deve essere ben visibile nella foto con il documento in mano.

## Come vengono trattate le foto

Ogni foto viene controllata in base al contenuto, non al nome: un file che non è una vera immagine, è troncato o porta qualcosa dopo l'immagine viene rifiutato con un messaggio chiaro. Una foto accettata viene ricodificata come un nuovo JPEG senza metadati (niente EXIF, niente posizione GPS) e conservata fuori dal sito web, leggibile solo da te e dagli operatori dell'exchange.

## Revisione

| stato | significato |
|---|---|
| Non verificato | non hai ancora inviato nulla |
| In revisione | un operatore sta controllando la tua richiesta |
| Verificato | approvato |
| Rifiutato | il motivo è indicato; correggi e invia di nuovo |

Il risultato ti viene comunicato nella tua lingua. Mentre una richiesta è in revisione non puoi inviarne un'altra.
`,
    },
    pt: {
      title: 'Verificação de identidade',
      summary: 'O que enviar (um documento de identidade ou um passaporte), como suas fotos são tratadas e como um operador analisa o seu envio.',
      markdown: md`
A verificação de identidade (nome real) é feita na [página da sua conta](/accountSet). Os saques exigem identidade verificada, e o operador também pode exigi-la para negociar.

## O que enviar

- Um **documento de identidade**: uma foto da frente, uma do verso e uma sua segurando o documento.
- Ou um **passaporte**: uma foto da página com a fotografia e uma sua segurando o passaporte.

Informe seu nome como está escrito no documento, o número do documento e o país emissor. As fotos devem ser JPEG, PNG ou BMP, com no máximo 8 MB cada, e seu rosto deve aparecer com nitidez na foto segurando o documento.

## Como suas fotos são tratadas

Cada foto é verificada pelo conteúdo, não pelo nome: um arquivo que não é uma imagem de verdade, está cortado ou traz algo depois da imagem é recusado com uma mensagem clara. Uma foto aceita é recodificada como um novo JPEG sem metadados (sem EXIF, sem localização GPS) e guardada fora do site, legível apenas por você e pelos operadores da exchange.

## Análise

| status | significado |
|---|---|
| Não verificado | nada enviado ainda |
| Em análise | um operador está conferindo seu envio |
| Verificado | aprovado |
| Recusado | o motivo é mostrado; corrija e envie de novo |

Você é avisado do resultado no seu idioma. Enquanto um envio está em análise, não é possível enviar outro.
`,
    },
  },
};

export const HELP_ACCOUNT: readonly DemoArticle[] = [REGISTER, SECURITY, IDENTITY];
