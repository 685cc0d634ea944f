// The download page (/down): there is no store app; the exchange runs in the browser and can be put on the home
// screen. The steps match the page's own (locales' down.ios.* and down.android.*).

import { md, type DemoArticle } from './types.ts';

const DOWNLOAD: DemoArticle = {
  seedKey: 'page.download',
  kind: 'page',
  slug: 'download',
  texts: {
    en: {
      title: 'Get the app',
      summary: 'OpenEx runs in your browser, with nothing to install. How to add it to the home screen of an iPhone, iPad or Android phone.',
      markdown: md`
OpenEx runs in your web browser: there is no app to download from an app store and nothing to install before you trade. Open [the home page](/) in any recent browser, on a computer, a tablet or a phone.

## Add it to your home screen

You can put the exchange on your phone's home screen so that it opens like an app.

**iPhone and iPad (Safari)**

1. Open this site in Safari.
2. Tap the Share button.
3. Choose “Add to Home Screen”.

**Android phones (Chrome)**

1. Open this site in Chrome.
2. Open the browser menu (⋮).
3. Choose “Add to Home screen” or “Install app”.

## Why a web app

- You always run the current version: there is no update to install.
- The same screens work on every device; on a narrow screen the trading terminal becomes one column.
- The exchange's address is in view, so you can check that you are on the right site before you sign in. Be wary of any "OpenEx app" offered elsewhere: this site does not publish one.

Start with [the markets](/quotation) to see every pair's price and 24-hour change.
`,
    },
    'zh-CN': {
      title: '获取应用',
      summary: 'OpenEx 在浏览器中运行，无需安装。如何把它添加到 iPhone、iPad 或安卓手机的主屏幕。',
      markdown: md`
OpenEx 在您的网页浏览器中运行：无需从应用商店下载应用，交易前也无需安装任何东西。在电脑、平板或手机上用任何较新的浏览器打开[首页](/)即可。

## 添加到主屏幕

您可以把交易所放到手机的主屏幕上，像应用一样打开。

**iPhone 和 iPad（Safari）**

1. 在 Safari 中打开本站。
2. 点击“分享”按钮。
3. 选择“添加到主屏幕”。

**安卓手机（Chrome）**

1. 在 Chrome 中打开本站。
2. 打开浏览器菜单（⋮）。
3. 选择“添加到主屏幕”或“安装应用”。

## 为什么是网页应用

- 您运行的始终是最新版本：无需安装更新。
- 同样的界面适用于所有设备；在窄屏上，交易终端会变成单列。
- 交易所的网址始终可见，您可以在登录前确认自己在正确的网站上。请警惕在其他地方提供的任何“OpenEx 应用”：本站并不发布应用。

从[行情](/quotation)开始，查看每个交易对的价格和 24 小时涨跌。
`,
    },
    'zh-TW': {
      title: '取得應用程式',
      summary: 'OpenEx 在瀏覽器中運行，不需安裝。如何把它加到 iPhone、iPad 或 Android 手機的主畫面。',
      markdown: md`
OpenEx 在您的網頁瀏覽器中運行：不需從應用程式商店下載應用程式，交易前也不需安裝任何東西。在電腦、平板或手機上用任何較新的瀏覽器開啟[首頁](/)即可。

## 加到主畫面

您可以把交易所放到手機的主畫面上，像應用程式一樣開啟。

**iPhone 和 iPad（Safari）**

1. 在 Safari 中開啟本站。
2. 點擊「分享」按鈕。
3. 選擇「加入主畫面」。

**Android 手機（Chrome）**

1. 在 Chrome 中開啟本站。
2. 開啟瀏覽器選單（⋮）。
3. 選擇「加到主畫面」或「安裝應用程式」。

## 為什麼是網頁應用程式

- 您執行的始終是最新版本：不需安裝更新。
- 同樣的畫面適用於所有裝置；在窄螢幕上，交易終端會變成單欄。
- 交易所的網址始終可見，您可以在登入前確認自己在正確的網站上。請提防在其他地方提供的任何「OpenEx 應用程式」：本站並不發布應用程式。

從[行情](/quotation)開始，查看每個交易對的價格和 24 小時漲跌。
`,
    },
    ja: {
      title: 'アプリを入手',
      summary: 'OpenEx はブラウザで動き、インストールは不要です。iPhone、iPad、Android スマートフォンのホーム画面に追加する方法。',
      markdown: md`
OpenEx はウェブブラウザで動きます。アプリストアからダウンロードするアプリはなく、取引を始める前にインストールするものもありません。パソコン、タブレット、スマートフォンの最近のブラウザで[ホーム](/)を開いてください。

## ホーム画面に追加する

取引所をスマートフォンのホーム画面に置いて、アプリのように開くことができます。

**iPhone と iPad（Safari）**

1. Safari でこのサイトを開きます。
2. 「共有」ボタンをタップします。
3. 「ホーム画面に追加」を選びます。

**Android スマートフォン（Chrome）**

1. Chrome でこのサイトを開きます。
2. ブラウザのメニュー（⋮）を開きます。
3. 「ホーム画面に追加」または「アプリをインストール」を選びます。

## ウェブアプリである理由

- 常に最新版を使えます。インストールする更新はありません。
- どの端末でも同じ画面が使え、幅の狭い画面では取引ターミナルが 1 列になります。
- 取引所のアドレスが見えているので、ログインの前に正しいサイトにいることを確かめられます。ほかの場所で配られている「OpenEx アプリ」には注意してください。このサイトはアプリを公開していません。

まずは[マーケット](/quotation)で、すべてのペアの価格と 24 時間の変動をご覧ください。
`,
    },
    th: {
      title: 'ดาวน์โหลดแอป',
      summary: 'OpenEx ทำงานในเบราว์เซอร์ ไม่ต้องติดตั้งอะไร วิธีเพิ่มลงในหน้าจอหลักของ iPhone, iPad หรือโทรศัพท์ Android',
      markdown: md`
OpenEx ทำงานในเว็บเบราว์เซอร์ของคุณ: ไม่มีแอปให้ดาวน์โหลดจากร้านแอป และไม่ต้องติดตั้งอะไรก่อนเทรด เปิด[หน้าแรก](/)ในเบราว์เซอร์รุ่นใหม่ใดก็ได้ บนคอมพิวเตอร์ แท็บเล็ต หรือโทรศัพท์

## เพิ่มลงในหน้าจอหลัก

คุณวางกระดานเทรดไว้บนหน้าจอหลักของโทรศัพท์เพื่อให้เปิดได้เหมือนแอป

**iPhone และ iPad (Safari)**

1. เปิดเว็บไซต์นี้ใน Safari
2. แตะปุ่ม “แชร์”
3. เลือก “เพิ่มไปยังหน้าจอโฮม”

**โทรศัพท์ Android (Chrome)**

1. เปิดเว็บไซต์นี้ใน Chrome
2. เปิดเมนูของเบราว์เซอร์ (⋮)
3. เลือก “เพิ่มลงในหน้าจอหลัก” หรือ “ติดตั้งแอป”

## ทำไมจึงเป็นเว็บแอป

- คุณใช้รุ่นล่าสุดเสมอ: ไม่มีอัปเดตให้ติดตั้ง
- หน้าจอเดียวกันใช้ได้กับทุกอุปกรณ์ บนหน้าจอแคบ เทอร์มินัลเทรดจะกลายเป็นคอลัมน์เดียว
- ที่อยู่ของกระดานเทรดอยู่ในสายตา คุณจึงตรวจได้ว่าอยู่บนเว็บไซต์ที่ถูกต้องก่อนเข้าสู่ระบบ ระวัง “แอป OpenEx” ที่มีผู้เสนอจากที่อื่น: เว็บไซต์นี้ไม่ได้เผยแพร่แอปใด ๆ

เริ่มที่[ตลาด](/quotation)เพื่อดูราคาและการเปลี่ยนแปลง 24 ชั่วโมงของทุกคู่เทรด
`,
    },
    ko: {
      title: '앱 받기',
      summary: 'OpenEx는 브라우저에서 실행되며 설치할 것이 없습니다. iPhone, iPad, Android 휴대폰의 홈 화면에 추가하는 방법입니다.',
      markdown: md`
OpenEx는 웹 브라우저에서 실행됩니다. 앱 스토어에서 내려받을 앱이 없고, 거래하기 전에 설치할 것도 없습니다. 컴퓨터, 태블릿, 휴대폰의 최신 브라우저에서 [홈](/)을 여세요.

## 홈 화면에 추가

거래소를 휴대폰 홈 화면에 두고 앱처럼 열 수 있습니다.

**iPhone과 iPad(Safari)**

1. Safari에서 이 사이트를 엽니다.
2. “공유” 버튼을 누릅니다.
3. “홈 화면에 추가”를 선택합니다.

**Android 휴대폰(Chrome)**

1. Chrome에서 이 사이트를 엽니다.
2. 브라우저 메뉴(⋮)를 엽니다.
3. “홈 화면에 추가” 또는 “앱 설치”를 선택합니다.

## 왜 웹 앱인가

- 언제나 최신 버전을 씁니다. 설치할 업데이트가 없습니다.
- 모든 기기에서 같은 화면이 작동하며, 좁은 화면에서는 거래 터미널이 한 열이 됩니다.
- 거래소 주소가 보이므로, 로그인하기 전에 올바른 사이트인지 확인할 수 있습니다. 다른 곳에서 제공되는 “OpenEx 앱”은 조심하세요. 이 사이트는 앱을 배포하지 않습니다.

[마켓](/quotation)에서 모든 거래쌍의 가격과 24시간 변동부터 살펴보세요.
`,
    },
    es: {
      title: 'Consigue la app',
      summary: 'OpenEx funciona en tu navegador, sin nada que instalar. Cómo añadirlo a la pantalla de inicio de un iPhone, un iPad o un teléfono Android.',
      markdown: md`
OpenEx funciona en tu navegador web: no hay ninguna app que descargar de una tienda de aplicaciones ni nada que instalar antes de operar. Abre [la página de inicio](/) en cualquier navegador reciente, en un ordenador, una tableta o un teléfono.

## Añádelo a tu pantalla de inicio

Puedes poner el exchange en la pantalla de inicio de tu teléfono para que se abra como una app.

**iPhone y iPad (Safari)**

1. Abre este sitio en Safari.
2. Toca el botón Compartir.
3. Elige «Añadir a pantalla de inicio».

**Teléfonos Android (Chrome)**

1. Abre este sitio en Chrome.
2. Abre el menú del navegador (⋮).
3. Elige «Añadir a pantalla de inicio» o «Instalar aplicación».

## Por qué una app web

- Siempre usas la versión actual: no hay actualizaciones que instalar.
- Las mismas pantallas funcionan en todos los dispositivos; en una pantalla estrecha el terminal de trading pasa a una sola columna.
- La dirección del exchange está a la vista, así que puedes comprobar que estás en el sitio correcto antes de iniciar sesión. Desconfía de cualquier «app de OpenEx» que te ofrezcan en otro sitio: este sitio no publica ninguna.

Empieza por [los mercados](/quotation) para ver el precio y la variación en 24 horas de cada par.
`,
    },
    it: {
      title: "Scarica l'app",
      summary: "OpenEx funziona nel browser, senza nulla da installare. Come aggiungerlo alla schermata Home di un iPhone, un iPad o un telefono Android.",
      markdown: md`
OpenEx funziona nel tuo browser web: non c'è alcuna app da scaricare da uno store e nulla da installare prima di fare trading. Apri la [pagina iniziale](/) in qualsiasi browser recente, su un computer, un tablet o un telefono.

## Aggiungilo alla schermata Home

Puoi mettere l'exchange sulla schermata Home del telefono, così si apre come un'app.

**iPhone e iPad (Safari)**

1. Apri questo sito in Safari.
2. Tocca il pulsante Condividi.
3. Scegli «Aggiungi alla schermata Home».

**Telefoni Android (Chrome)**

1. Apri questo sito in Chrome.
2. Apri il menu del browser (⋮).
3. Scegli «Aggiungi a schermata Home» o «Installa app».

## Perché un'app web

- Usi sempre la versione attuale: non ci sono aggiornamenti da installare.
- Le stesse schermate funzionano su ogni dispositivo; su uno schermo stretto il terminale di trading diventa una sola colonna.
- L'indirizzo dell'exchange è in vista, così puoi verificare di essere sul sito giusto prima di accedere. Diffida di qualsiasi «app OpenEx» offerta altrove: questo sito non ne pubblica.

Comincia dai [mercati](/quotation) per vedere il prezzo e la variazione a 24 ore di ogni coppia.
`,
    },
    pt: {
      title: 'Baixe o app',
      summary: 'A OpenEx roda no seu navegador, sem nada para instalar. Como adicioná-la à tela inicial de um iPhone, iPad ou celular Android.',
      markdown: md`
A OpenEx roda no seu navegador: não há app para baixar de uma loja de aplicativos nem nada para instalar antes de negociar. Abra a [página inicial](/) em qualquer navegador recente, em um computador, tablet ou celular.

## Adicione à tela inicial

Você pode colocar a exchange na tela inicial do celular para que ela abra como um app.

**iPhone e iPad (Safari)**

1. Abra este site no Safari.
2. Toque no botão Compartilhar.
3. Escolha “Adicionar à Tela de Início”.

**Celulares Android (Chrome)**

1. Abra este site no Chrome.
2. Abra o menu do navegador (⋮).
3. Escolha “Adicionar à tela inicial” ou “Instalar app”.

## Por que um app web

- Você sempre usa a versão atual: não há atualização para instalar.
- As mesmas telas funcionam em qualquer dispositivo; em uma tela estreita o terminal de negociação vira uma só coluna.
- O endereço da exchange fica à vista, então você pode conferir que está no site certo antes de entrar. Desconfie de qualquer “app da OpenEx” oferecido em outro lugar: este site não publica nenhum.

Comece pelos [mercados](/quotation) para ver o preço e a variação em 24 horas de cada par.
`,
    },
  },
};

export const PAGES_DOWNLOAD: readonly DemoArticle[] = [DOWNLOAD];
