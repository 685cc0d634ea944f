// Help, the price record: what the hash-chained public record is; how to recompute a settlement from it.

import { md, type DemoArticle } from './types.ts';

const WHAT: DemoArticle = {
  seedKey: 'help.price-record.what',
  kind: 'help',
  category: 'price-record',
  ageDays: 11,
  texts: {
    en: {
      title: 'The public price record',
      summary: 'Every market\'s index price is written about once a second into a public, hash-chained record. What an entry holds, where the price comes from and how to read it.',
      markdown: md`
Every market's index price is written, about once a second, into a **public price record**. Seconds contracts settle on it, and the perpetuals' marks, funding and liquidations take their index from it.

## An entry

| field | meaning |
|---|---|
| seq | the market's entry number, from 1, with no gaps |
| market | for example BTCUSDT |
| ts | the time in Unix milliseconds, strictly increasing |
| price | the index as plain decimal text, for example 50010.5 |
| sources | the inputs, for example ext:50010.5,mid:50011,last:50012 |
| prevHash | the hash of the market's previous entry (64 zeros for the first) |
| hash | SHA-256 of the entry's canonical text |

The canonical text is the first six fields in that order, joined by vertical bars. Each entry carries its predecessor's hash, so changing, removing or reordering one entry breaks every hash after it: once published, the record cannot be rewritten unnoticed.

## Where the price comes from

The index is the external price feed (in this demo, a seeded simulator). This exchange's own order book mid price and last trade are recorded in the sources beside it, for comparison, but with no weight: trading on this exchange cannot move the index. When the external price is stale, the market gets no entry until it is back.

## Reading it

Anyone can download the record without an account: the entries of a time range (up to one hour per request), the latest entry of each market, and the public data of settled seconds contracts. The trading screens also receive each new entry live. See [the seconds contracts](/contractTransaction?mode=seconds) for the record at work.
`,
    },
    'zh-CN': {
      title: '公开价格记录',
      summary: '每个市场的指数价格大约每秒写入一次公开的哈希链记录。记录包含什么，价格从哪里来，以及如何读取它。',
      markdown: md`
每个市场的指数价格大约每秒一次写入**公开价格记录**。秒合约以它结算，永续合约的标记价格、资金费用和强平也从它获取指数。

## 一条记录

| 字段 | 含义 |
|---|---|
| seq | 该市场的记录编号，从 1 开始，没有间断 |
| market | 例如 BTCUSDT |
| ts | 时间，Unix 毫秒，严格递增 |
| price | 指数，普通十进制文本，例如 50010.5 |
| sources | 输入来源，例如 ext:50010.5,mid:50011,last:50012 |
| prevHash | 该市场上一条记录的哈希（第一条为 64 个零） |
| hash | 该记录规范文本的 SHA-256 |

规范文本就是前六个字段按上述顺序用竖线连接起来。每条记录都带着前一条的哈希，因此修改、删除或调换任何一条记录都会破坏它之后的所有哈希：一旦公布，记录就无法在不被发现的情况下改写。

## 价格从哪里来

指数来自外部价格源（在本演示中是一个带固定种子的模拟器）。本交易所自己订单簿的中间价和最新成交价也记录在来源中作为对照，但权重为零：在本交易所交易无法影响指数。外部价格过时时，该市场不会有新记录，直到价格恢复。

## 如何读取

任何人无需账户即可下载记录：某个时间段的记录（每次请求最多一小时）、每个市场的最新记录，以及已结算秒合约的公开数据。交易界面也会实时收到每条新记录。可以在[秒合约](/contractTransaction?mode=seconds)中看到记录的实际作用。
`,
    },
    'zh-TW': {
      title: '公開價格紀錄',
      summary: '每個市場的指數價格大約每秒寫入一次公開的雜湊鏈紀錄。紀錄包含什麼，價格從哪裡來，以及如何讀取它。',
      markdown: md`
每個市場的指數價格大約每秒一次寫入**公開價格紀錄**。秒合約以它結算，永續合約的標記價格、資金費用和強平也從它取得指數。

## 一筆紀錄

| 欄位 | 含義 |
|---|---|
| seq | 該市場的紀錄編號，從 1 開始，沒有間斷 |
| market | 例如 BTCUSDT |
| ts | 時間，Unix 毫秒，嚴格遞增 |
| price | 指數，一般十進位文字，例如 50010.5 |
| sources | 輸入來源，例如 ext:50010.5,mid:50011,last:50012 |
| prevHash | 該市場上一筆紀錄的雜湊（第一筆為 64 個零） |
| hash | 該紀錄規範文字的 SHA-256 |

規範文字就是前六個欄位依上述順序用直線符號連接起來。每筆紀錄都帶著前一筆的雜湊，因此修改、刪除或調換任何一筆紀錄都會破壞它之後的所有雜湊：一旦公布，紀錄就無法在不被發現的情況下改寫。

## 價格從哪裡來

指數來自外部價格來源（在本示範中是一個帶固定種子的模擬器）。本交易所自己訂單簿的中間價和最新成交價也紀錄在來源中作為對照，但權重為零：在本交易所交易無法影響指數。外部價格過時時，該市場不會有新紀錄，直到價格恢復。

## 如何讀取

任何人不需帳戶即可下載紀錄：某個時間段的紀錄（每次請求最多一小時）、每個市場的最新紀錄，以及已結算秒合約的公開資料。交易畫面也會即時收到每筆新紀錄。可以在[秒合約](/contractTransaction?mode=seconds)中看到紀錄的實際作用。
`,
    },
    ja: {
      title: '公開価格記録',
      summary: '各市場の指数価格は約 1 秒ごとに、公開されたハッシュチェーンの記録に書き込まれます。エントリーの中身、価格の出どころ、読み方を説明します。',
      markdown: md`
各市場の指数価格は、約 1 秒ごとに**公開価格記録**に書き込まれます。秒先物はこの記録で決済され、無期限先物のマーク価格、資金調達、清算もここから指数を取ります。

## エントリー

| 項目 | 意味 |
|---|---|
| seq | その市場のエントリー番号。1 から始まり、欠番なし |
| market | たとえば BTCUSDT |
| ts | Unix ミリ秒の時刻。厳密に増加 |
| price | 指数。たとえば 50010.5 のような素の十進数テキスト |
| sources | 入力。たとえば ext:50010.5,mid:50011,last:50012 |
| prevHash | その市場の直前のエントリーのハッシュ（最初は 0 が 64 個） |
| hash | エントリーの正規テキストの SHA-256 |

正規テキストは、最初の 6 項目をこの順に縦棒でつないだものです。各エントリーは直前のエントリーのハッシュを持つため、1 つでも変更、削除、並べ替えをすると、それ以降のハッシュがすべて壊れます。一度公開された記録は、気づかれずに書き換えることができません。

## 価格の出どころ

指数は外部の価格フィード（このデモではシード付きのシミュレーター）です。この取引所自身のオーダーブックの仲値と最終約定価格も比較のために sources に記録されますが、重みはゼロです。この取引所での取引で指数を動かすことはできません。外部価格が古くなると、その市場には価格が戻るまでエントリーが追加されません。

## 読み方

記録はアカウントなしで誰でもダウンロードできます。ある期間のエントリー（1 回のリクエストで最大 1 時間）、各市場の最新エントリー、決済済みの秒先物の公開データです。取引画面も新しいエントリーをリアルタイムで受け取ります。記録が実際に使われる様子は[秒先物](/contractTransaction?mode=seconds)でご覧ください。
`,
    },
    th: {
      title: 'บันทึกราคาสาธารณะ',
      summary: 'ราคาดัชนีของทุกตลาดถูกเขียนลงในบันทึกสาธารณะที่เชื่อมด้วยแฮชประมาณวินาทีละครั้ง แต่ละรายการมีอะไร ราคามาจากไหน และอ่านอย่างไร',
      markdown: md`
ราคาดัชนีของทุกตลาดถูกเขียนลงใน **บันทึกราคาสาธารณะ** ประมาณวินาทีละครั้ง สัญญาวินาทีชำระตามบันทึกนี้ และราคามาร์ก การระดมทุน และการชำระบัญชีของสัญญาไม่มีวันหมดอายุก็ใช้ดัชนีจากบันทึกนี้

## หนึ่งรายการ

| ช่อง | ความหมาย |
|---|---|
| seq | หมายเลขรายการของตลาด เริ่มจาก 1 ไม่มีช่องว่าง |
| market | เช่น BTCUSDT |
| ts | เวลาเป็นมิลลิวินาทียูนิกซ์ เพิ่มขึ้นอย่างเคร่งครัด |
| price | ดัชนีเป็นข้อความทศนิยมธรรมดา เช่น 50010.5 |
| sources | ข้อมูลนำเข้า เช่น ext:50010.5,mid:50011,last:50012 |
| prevHash | แฮชของรายการก่อนหน้าของตลาด (ศูนย์ 64 ตัวสำหรับรายการแรก) |
| hash | SHA-256 ของข้อความมาตรฐานของรายการ |

ข้อความมาตรฐานคือหกช่องแรกเรียงตามลำดับนั้น คั่นด้วยเส้นตั้ง แต่ละรายการมีแฮชของรายการก่อนหน้า การเปลี่ยน ลบ หรือสลับลำดับรายการใดรายการหนึ่งจึงทำให้แฮชหลังจากนั้นเสียทั้งหมด: เมื่อเผยแพร่แล้ว บันทึกไม่สามารถถูกเขียนใหม่โดยไม่มีใครสังเกต

## ราคามาจากไหน

ดัชนีคือแหล่งราคาภายนอก (ในการสาธิตนี้คือตัวจำลองที่มีค่าเมล็ดตายตัว) ราคากลางและราคาซื้อขายล่าสุดของสมุดคำสั่งของกระดานเทรดนี้ถูกบันทึกไว้ในแหล่งที่มาข้าง ๆ เพื่อเปรียบเทียบ แต่มีน้ำหนักเป็นศูนย์: การเทรดบนกระดานนี้ขยับดัชนีไม่ได้ เมื่อราคาภายนอกเก่าเกินไป ตลาดนั้นจะไม่มีรายการใหม่จนกว่าราคาจะกลับมา

## การอ่านบันทึก

ใครก็ดาวน์โหลดบันทึกได้โดยไม่ต้องมีบัญชี: รายการในช่วงเวลาหนึ่ง (สูงสุดหนึ่งชั่วโมงต่อคำขอ) รายการล่าสุดของแต่ละตลาด และข้อมูลสาธารณะของสัญญาวินาทีที่ชำระแล้ว หน้าจอเทรดยังได้รับรายการใหม่แบบสดด้วย ดูบันทึกทำงานจริงได้ที่[สัญญาวินาที](/contractTransaction?mode=seconds)
`,
    },
    ko: {
      title: '공개 가격 기록',
      summary: '모든 마켓의 지수 가격은 약 1초마다 공개 해시 체인 기록에 쓰입니다. 항목에 무엇이 들어 있는지, 가격이 어디서 오는지, 어떻게 읽는지 안내합니다.',
      markdown: md`
모든 마켓의 지수 가격은 약 1초마다 **공개 가격 기록**에 쓰입니다. 초 단위 선물은 이 기록으로 정산되고, 무기한 선물의 마크 가격, 펀딩, 청산도 이 기록에서 지수를 가져옵니다.

## 항목 하나

| 필드 | 의미 |
|---|---|
| seq | 마켓의 항목 번호. 1부터 시작하며 빠짐이 없음 |
| market | 예: BTCUSDT |
| ts | Unix 밀리초 시각. 엄격하게 증가 |
| price | 지수. 예: 50010.5 같은 일반 십진수 텍스트 |
| sources | 입력값. 예: ext:50010.5,mid:50011,last:50012 |
| prevHash | 마켓의 직전 항목 해시(첫 항목은 0이 64개) |
| hash | 항목 정규 텍스트의 SHA-256 |

정규 텍스트는 처음 여섯 필드를 이 순서대로 세로 막대로 이은 것입니다. 각 항목이 직전 항목의 해시를 담고 있으므로, 항목 하나를 바꾸거나 지우거나 순서를 바꾸면 그 뒤의 모든 해시가 깨집니다. 한 번 공개된 기록은 들키지 않고 고쳐 쓸 수 없습니다.

## 가격의 출처

지수는 외부 가격 피드(이 데모에서는 고정 시드의 시뮬레이터)입니다. 이 거래소 자체 호가창의 중간 가격과 최종 체결가도 비교를 위해 sources에 함께 기록되지만 가중치는 0입니다. 이 거래소에서 거래해도 지수를 움직일 수 없습니다. 외부 가격이 오래되면 가격이 돌아올 때까지 그 마켓에는 항목이 생기지 않습니다.

## 읽는 법

기록은 계정 없이 누구나 내려받을 수 있습니다. 어떤 기간의 항목(요청당 최대 1시간), 각 마켓의 최신 항목, 정산된 초 단위 선물의 공개 데이터입니다. 거래 화면도 새 항목을 실시간으로 받습니다. 기록이 실제로 쓰이는 모습은 [초 단위 선물](/contractTransaction?mode=seconds)에서 볼 수 있습니다.
`,
    },
    es: {
      title: 'El registro público de precios',
      summary: 'El precio índice de cada mercado se escribe aproximadamente una vez por segundo en un registro público encadenado por hashes. Qué contiene una entrada, de dónde sale el precio y cómo leerlo.',
      markdown: md`
El precio índice de cada mercado se escribe, aproximadamente una vez por segundo, en un **registro público de precios**. Los contratos por segundos se liquidan con él, y los precios de marca, la financiación y las liquidaciones de los perpetuos toman de él su índice.

## Una entrada

| campo | significado |
|---|---|
| seq | el número de entrada del mercado, desde 1, sin huecos |
| market | por ejemplo BTCUSDT |
| ts | la hora en milisegundos Unix, estrictamente creciente |
| price | el índice como texto decimal simple, por ejemplo 50010.5 |
| sources | las entradas, por ejemplo ext:50010.5,mid:50011,last:50012 |
| prevHash | el hash de la entrada anterior del mercado (64 ceros en la primera) |
| hash | SHA-256 del texto canónico de la entrada |

El texto canónico son los seis primeros campos en ese orden, unidos por barras verticales. Cada entrada lleva el hash de la anterior, así que cambiar, quitar o reordenar una entrada rompe todos los hashes posteriores: una vez publicado, el registro no puede reescribirse sin que se note.

## De dónde sale el precio

El índice es la fuente externa de precios (en esta demo, un simulador con semilla fija). El precio medio del libro de órdenes de este exchange y su última operación se registran en las fuentes junto a él, para comparar, pero sin peso: operar en este exchange no puede mover el índice. Cuando el precio externo está desfasado, el mercado no recibe entradas hasta que vuelve.

## Cómo leerlo

Cualquiera puede descargar el registro sin cuenta: las entradas de un intervalo de tiempo (hasta una hora por petición), la última entrada de cada mercado y los datos públicos de los contratos por segundos liquidados. Las pantallas de trading reciben además cada entrada nueva en directo. Mira [los contratos por segundos](/contractTransaction?mode=seconds) para ver el registro en acción.
`,
    },
    it: {
      title: 'Il registro pubblico dei prezzi',
      summary: "Il prezzo indice di ogni mercato viene scritto circa una volta al secondo in un registro pubblico concatenato da hash. Cosa contiene una voce, da dove viene il prezzo e come leggerlo.",
      markdown: md`
Il prezzo indice di ogni mercato viene scritto, circa una volta al secondo, in un **registro pubblico dei prezzi**. I contratti a secondi si regolano su di esso, e i prezzi mark, il funding e le liquidazioni dei perpetui ne prendono l'indice.

## Una voce

| campo | significato |
|---|---|
| seq | il numero di voce del mercato, da 1, senza buchi |
| market | per esempio BTCUSDT |
| ts | l'ora in millisecondi Unix, strettamente crescente |
| price | l'indice come semplice testo decimale, per esempio 50010.5 |
| sources | gli input, per esempio ext:50010.5,mid:50011,last:50012 |
| prevHash | l'hash della voce precedente del mercato (64 zeri per la prima) |
| hash | SHA-256 del testo canonico della voce |

Il testo canonico sono i primi sei campi in quell'ordine, uniti da barre verticali. Ogni voce porta l'hash della precedente, quindi cambiare, togliere o riordinare una voce rompe tutti gli hash successivi: una volta pubblicato, il registro non può essere riscritto senza che ce ne si accorga.

## Da dove viene il prezzo

L'indice è la fonte di prezzo esterna (in questa demo, un simulatore con seme fisso). Il prezzo medio dell'order book di questo exchange e il suo ultimo scambio sono registrati tra le fonti accanto, per confronto, ma con peso zero: fare trading su questo exchange non può muovere l'indice. Quando il prezzo esterno è vecchio, il mercato non riceve voci finché non torna.

## Come leggerlo

Chiunque può scaricare il registro senza account: le voci di un intervallo di tempo (fino a un'ora per richiesta), l'ultima voce di ogni mercato e i dati pubblici dei contratti a secondi regolati. Le schermate di trading ricevono anche ogni nuova voce in diretta. Guarda i [contratti a secondi](/contractTransaction?mode=seconds) per vedere il registro all'opera.
`,
    },
    pt: {
      title: 'O registro público de preços',
      summary: 'O preço de índice de cada mercado é gravado cerca de uma vez por segundo em um registro público encadeado por hashes. O que uma entrada contém, de onde vem o preço e como lê-lo.',
      markdown: md`
O preço de índice de cada mercado é gravado, cerca de uma vez por segundo, em um **registro público de preços**. Os contratos por segundos são liquidados por ele, e os preços de marcação, o financiamento e as liquidações dos perpétuos tiram dele o seu índice.

## Uma entrada

| campo | significado |
|---|---|
| seq | o número da entrada do mercado, a partir de 1, sem lacunas |
| market | por exemplo BTCUSDT |
| ts | o horário em milissegundos Unix, estritamente crescente |
| price | o índice como texto decimal simples, por exemplo 50010.5 |
| sources | as fontes, por exemplo ext:50010.5,mid:50011,last:50012 |
| prevHash | o hash da entrada anterior do mercado (64 zeros na primeira) |
| hash | SHA-256 do texto canônico da entrada |

O texto canônico são os seis primeiros campos nessa ordem, unidos por barras verticais. Cada entrada carrega o hash da anterior, então alterar, remover ou reordenar uma entrada quebra todos os hashes seguintes: depois de publicado, o registro não pode ser reescrito sem que se perceba.

## De onde vem o preço

O índice é a fonte externa de preços (nesta demonstração, um simulador com semente fixa). O preço médio do livro de ordens desta exchange e a última negociação são registrados nas fontes ao lado dele, para comparação, mas com peso zero: negociar nesta exchange não move o índice. Quando o preço externo fica desatualizado, o mercado não recebe entradas até ele voltar.

## Como ler

Qualquer pessoa pode baixar o registro sem conta: as entradas de um intervalo de tempo (até uma hora por requisição), a última entrada de cada mercado e os dados públicos dos contratos por segundos liquidados. As telas de negociação também recebem cada nova entrada ao vivo. Veja os [contratos por segundos](/contractTransaction?mode=seconds) para ver o registro em ação.
`,
    },
  },
};

const RECOMPUTE: DemoArticle = {
  seedKey: 'help.price-record.recompute',
  kind: 'help',
  category: 'price-record',
  ageDays: 11,
  texts: {
    en: {
      title: 'Recomputing a settlement',
      summary: 'Check a seconds contract\'s result yourself: in the browser with one click, by hand in five steps, or with the open-source verifier over any time range.',
      markdown: md`
You do not need to take the exchange's word for any seconds-contract result. Here is how to check one.

## In the browser

Open **History** in the seconds mode of [the contract page](/contractTransaction?mode=seconds) and press a settled contract's proof link. The page downloads the record around the contract and does every step below for you.

## By hand

1. **Get the entries.** Download the market's entries from a little before the contract's acceptance time to its delivery, and the contract's public settlement data: acceptance time, duration, direction, stake and ratios.
2. **Check the chain.** For each entry compute the SHA-256 of seq|market|ts|price|sources|prevHash (UTF-8, lowercase hex) and compare it with the entry's hash; each prevHash must equal the previous entry's hash.
3. **Find the open entry**: the first entry whose ts is after the acceptance time. It must be within 5 seconds of it; otherwise the contract must have been refunded.
4. **Find the settle entry**: the last entry whose ts is at or before the open ts + duration.
5. **Compare the prices and compute the payout**: a win returns stake + ⌊stake × payout⌋, a loss stake − ⌈stake × loss ratio⌉, a tie the stake, all in the smallest unit.

## With the verifier

The open-source verifier that comes with the exchange does all of this for every contract delivered in a time range, through the same public API, and prints the number of entries and contracts checked and every mismatch. A mismatch would mean the exchange settled a contract differently from its own published rule.

The [price record article](/helpCenter) explains each field of an entry.
`,
    },
    'zh-CN': {
      title: '重新计算一笔结算',
      summary: '自己核对秒合约的结果：在浏览器中一键完成，按五个步骤手动计算，或用开源验证程序检查任意时间段。',
      markdown: md`
任何一笔秒合约的结果，您都不必只听交易所的一面之词。下面是核对方法。

## 在浏览器中

在[合约页面](/contractTransaction?mode=seconds)的秒合约模式中打开**历史**，点击一笔已结算合约的证明链接。页面会下载合约前后的记录，并替您完成下面的每一步。

## 手动核对

1. **获取记录**。下载该市场从合约接受时间稍早一点到交割时刻的记录，以及该合约的公开结算数据：接受时间、期限、方向、本金和比例。
2. **检查链**。对每条记录计算 seq|market|ts|price|sources|prevHash 的 SHA-256（UTF-8，小写十六进制），与记录中的 hash 比较；每条记录的 prevHash 必须等于上一条记录的 hash。
3. **找到开仓记录**：ts 晚于接受时间的第一条记录。它必须在接受时间后 5 秒之内；否则该合约必定已被退款。
4. **找到结算记录**：ts 不晚于开仓 ts + 期限的最后一条记录。
5. **比较价格并计算收益**：赢返还 本金 + ⌊本金 × 收益率⌋，输返还 本金 − ⌈本金 × 亏损比例⌉，平返还本金，全部以最小单位计算。

## 使用验证程序

交易所附带的开源验证程序会通过同样的公开 API，对某个时间段内交割的每一笔合约完成上述全部步骤，并打印检查过的记录数、合约数以及每一处不一致。出现不一致就意味着交易所结算合约的方式与它自己公布的规则不同。

[价格记录的文章](/helpCenter)说明了记录的每个字段。
`,
    },
    'zh-TW': {
      title: '重新計算一筆結算',
      summary: '自己核對秒合約的結果：在瀏覽器中一鍵完成，依五個步驟手動計算，或用開源驗證程式檢查任意時間段。',
      markdown: md`
任何一筆秒合約的結果，您都不必只聽交易所的片面之詞。下面是核對方法。

## 在瀏覽器中

在[合約頁面](/contractTransaction?mode=seconds)的秒合約模式中開啟**歷史**，點擊一筆已結算合約的證明連結。頁面會下載合約前後的紀錄，並替您完成下面的每一步。

## 手動核對

1. **取得紀錄**。下載該市場從合約接受時間稍早一點到交割時刻的紀錄，以及該合約的公開結算資料：接受時間、期限、方向、本金和比例。
2. **檢查鏈**。對每筆紀錄計算 seq|market|ts|price|sources|prevHash 的 SHA-256（UTF-8，小寫十六進位），與紀錄中的 hash 比較；每筆紀錄的 prevHash 必須等於上一筆紀錄的 hash。
3. **找到開倉紀錄**：ts 晚於接受時間的第一筆紀錄。它必須在接受時間後 5 秒之內；否則該合約必定已被退款。
4. **找到結算紀錄**：ts 不晚於開倉 ts + 期限的最後一筆紀錄。
5. **比較價格並計算收益**：贏返還 本金 + ⌊本金 × 收益率⌋，輸返還 本金 − ⌈本金 × 虧損比例⌉，平返還本金，全部以最小單位計算。

## 使用驗證程式

交易所附帶的開源驗證程式會透過同樣的公開 API，對某個時間段內交割的每一筆合約完成上述全部步驟，並列印檢查過的紀錄數、合約數以及每一處不一致。出現不一致就意味著交易所結算合約的方式與它自己公布的規則不同。

[價格紀錄的文章](/helpCenter)說明了紀錄的每個欄位。
`,
    },
    ja: {
      title: '決済を再計算する',
      summary: '秒先物の結果を自分で確かめましょう。ブラウザならワンクリック、手作業なら 5 つの手順、オープンソースの検証ツールなら任意の期間をまとめて。',
      markdown: md`
秒先物の結果について、取引所の言葉をそのまま信じる必要はありません。確かめ方は次のとおりです。

## ブラウザで

[先物ページ](/contractTransaction?mode=seconds)の秒先物モードで**履歴**を開き、決済済みの契約の証明リンクを押します。ページが契約前後の記録をダウンロードし、以下の手順をすべて代わりに行います。

## 手作業で

1. **エントリーを集める**。契約の受付時刻の少し前から受渡しまでの、その市場のエントリーと、契約の公開決済データ（受付時刻、期間、方向、元本、比率）をダウンロードします。
2. **チェーンを確認する**。各エントリーについて seq|market|ts|price|sources|prevHash の SHA-256（UTF-8、小文字の 16 進）を計算し、エントリーの hash と比べます。各 prevHash は直前のエントリーの hash と一致しなければなりません。
3. **開始エントリーを見つける**：ts が受付時刻より後の最初のエントリー。受付から 5 秒以内でなければならず、そうでなければその契約は返金されているはずです。
4. **決済エントリーを見つける**：ts が開始 ts + 期間と同じかそれより前の、最後のエントリー。
5. **価格を比べて払い戻しを計算する**：勝ちは 元本 + ⌊元本 × 配当率⌋、負けは 元本 − ⌈元本 × 損失率⌉、引き分けは元本。すべて最小単位で計算します。

## 検証ツールで

取引所に付属するオープンソースの検証ツールは、同じ公開 API を通じて、ある期間に受渡しされたすべての契約についてこれを行い、確認したエントリー数と契約数、そして不一致をすべて表示します。不一致があれば、取引所が自ら公開したルールと違う決済をしたことになります。

エントリーの各項目は[価格記録の記事](/helpCenter)で説明しています。
`,
    },
    th: {
      title: 'การคำนวณการชำระใหม่',
      summary: 'ตรวจผลของสัญญาวินาทีด้วยตัวเอง: ในเบราว์เซอร์ด้วยคลิกเดียว ด้วยมือห้าขั้นตอน หรือด้วยตัวตรวจสอบโอเพนซอร์สสำหรับช่วงเวลาใดก็ได้',
      markdown: md`
คุณไม่จำเป็นต้องเชื่อคำพูดของกระดานเทรดสำหรับผลของสัญญาวินาทีใด ๆ นี่คือวิธีตรวจสอบ

## ในเบราว์เซอร์

เปิด **ประวัติ** ในโหมดวินาทีของ[หน้าสัญญา](/contractTransaction?mode=seconds) แล้วกดลิงก์หลักฐานของสัญญาที่ชำระแล้ว หน้าเว็บจะดาวน์โหลดบันทึกรอบสัญญาและทำทุกขั้นตอนด้านล่างให้คุณ

## ด้วยมือ

1. **ดึงรายการ** ดาวน์โหลดรายการของตลาดตั้งแต่ก่อนเวลารับสัญญาเล็กน้อยจนถึงเวลาส่งมอบ และข้อมูลการชำระสาธารณะของสัญญา: เวลารับ ระยะเวลา ทิศทาง เงินเดิมพัน และอัตรา
2. **ตรวจห่วงโซ่** สำหรับแต่ละรายการ คำนวณ SHA-256 ของ seq|market|ts|price|sources|prevHash (UTF-8 เลขฐานสิบหกตัวพิมพ์เล็ก) แล้วเทียบกับ hash ของรายการ ค่า prevHash ทุกค่าต้องเท่ากับ hash ของรายการก่อนหน้า
3. **หารายการเปิด**: รายการแรกที่ ts อยู่หลังเวลารับ ต้องอยู่ภายใน 5 วินาทีหลังเวลารับ มิฉะนั้นสัญญานั้นต้องถูกคืนเงินไปแล้ว
4. **หารายการชำระ**: รายการสุดท้ายที่ ts อยู่ ณ หรือก่อน ts ของรายการเปิด + ระยะเวลา
5. **เทียบราคาและคำนวณเงินที่จ่าย**: ชนะได้ เงินเดิมพัน + ⌊เงินเดิมพัน × อัตราจ่าย⌋ แพ้ได้ เงินเดิมพัน − ⌈เงินเดิมพัน × อัตราขาดทุน⌉ เสมอได้เงินเดิมพัน ทั้งหมดคิดเป็นหน่วยที่เล็กที่สุด

## ด้วยตัวตรวจสอบ

ตัวตรวจสอบโอเพนซอร์สที่มาพร้อมกระดานเทรดทำทั้งหมดนี้สำหรับทุกสัญญาที่ส่งมอบในช่วงเวลาหนึ่ง ผ่าน API สาธารณะเดียวกัน และพิมพ์จำนวนรายการและสัญญาที่ตรวจ รวมถึงทุกจุดที่ไม่ตรงกัน หากมีจุดที่ไม่ตรงกัน แปลว่ากระดานเทรดชำระสัญญาต่างจากกฎที่ตัวเองเผยแพร่

[บทความเรื่องบันทึกราคา](/helpCenter)อธิบายแต่ละช่องของรายการ
`,
    },
    ko: {
      title: '정산 다시 계산하기',
      summary: '초 단위 선물의 결과를 직접 확인하세요. 브라우저에서 클릭 한 번, 손으로 다섯 단계, 또는 오픈소스 검증기로 어떤 기간이든.',
      markdown: md`
초 단위 선물의 결과를 거래소의 말만 믿을 필요는 없습니다. 확인하는 방법은 다음과 같습니다.

## 브라우저에서

[선물 페이지](/contractTransaction?mode=seconds)의 초 단위 모드에서 **내역**을 열고, 정산된 계약의 증명 링크를 누릅니다. 페이지가 계약 전후의 기록을 내려받아 아래의 모든 단계를 대신 수행합니다.

## 손으로

1. **항목 받기.** 계약 접수 시각 조금 전부터 만기까지의 해당 마켓 항목과, 계약의 공개 정산 데이터(접수 시각, 기간, 방향, 원금, 비율)를 내려받습니다.
2. **체인 확인.** 각 항목에 대해 seq|market|ts|price|sources|prevHash의 SHA-256(UTF-8, 소문자 16진수)을 계산해 항목의 hash와 비교합니다. 각 prevHash는 직전 항목의 hash와 같아야 합니다.
3. **시작 항목 찾기**: ts가 접수 시각보다 늦은 첫 항목입니다. 접수 후 5초 이내여야 하며, 그렇지 않다면 그 계약은 환불되었어야 합니다.
4. **정산 항목 찾기**: ts가 시작 ts + 기간과 같거나 그보다 이른 마지막 항목입니다.
5. **가격을 비교해 지급액 계산**: 승리는 원금 + ⌊원금 × 지급률⌋, 패배는 원금 − ⌈원금 × 손실 비율⌉, 무승부는 원금이며, 모두 최소 단위로 계산합니다.

## 검증기로

거래소에 포함된 오픈소스 검증기는 같은 공개 API를 통해 어떤 기간에 만기된 모든 계약에 대해 이 과정을 수행하고, 확인한 항목 수와 계약 수, 그리고 모든 불일치를 출력합니다. 불일치가 있다면 거래소가 스스로 공개한 규칙과 다르게 정산했다는 뜻입니다.

항목의 각 필드는 [가격 기록 문서](/helpCenter)에서 설명합니다.
`,
    },
    es: {
      title: 'Recalcular una liquidación',
      summary: 'Comprueba tú mismo el resultado de un contrato por segundos: en el navegador con un clic, a mano en cinco pasos o con el verificador de código abierto sobre cualquier intervalo.',
      markdown: md`
No tienes que fiarte de la palabra del exchange para ningún resultado de un contrato por segundos. Así se comprueba uno.

## En el navegador

Abre el **Historial** en el modo por segundos de [la página de contratos](/contractTransaction?mode=seconds) y pulsa el enlace de prueba de un contrato liquidado. La página descarga el registro alrededor del contrato y hace por ti cada paso de abajo.

## A mano

1. **Obtén las entradas.** Descarga las entradas del mercado desde un poco antes de la hora de aceptación del contrato hasta su entrega, y los datos públicos de liquidación del contrato: hora de aceptación, duración, dirección, importe y ratios.
2. **Comprueba la cadena.** Para cada entrada calcula el SHA-256 de seq|market|ts|price|sources|prevHash (UTF-8, hexadecimal en minúsculas) y compáralo con el hash de la entrada; cada prevHash debe ser igual al hash de la entrada anterior.
3. **Encuentra la entrada de apertura**: la primera entrada cuyo ts es posterior a la hora de aceptación. Debe estar a 5 segundos o menos de ella; si no, el contrato tiene que haberse reembolsado.
4. **Encuentra la entrada de liquidación**: la última entrada cuyo ts es igual o anterior al ts de apertura + duración.
5. **Compara los precios y calcula el pago**: una ganancia devuelve importe + ⌊importe × pago⌋, una pérdida importe − ⌈importe × ratio de pérdida⌉, un empate el importe, todo en la unidad mínima.

## Con el verificador

El verificador de código abierto que viene con el exchange hace todo esto para cada contrato entregado en un intervalo de tiempo, a través de la misma API pública, e imprime el número de entradas y contratos comprobados y cada discrepancia. Una discrepancia significaría que el exchange liquidó un contrato de forma distinta a su propia regla publicada.

El [artículo del registro de precios](/helpCenter) explica cada campo de una entrada.
`,
    },
    it: {
      title: 'Ricalcolare un regolamento',
      summary: "Verifica da solo l'esito di un contratto a secondi: nel browser con un clic, a mano in cinque passi o con il verificatore open source su qualsiasi intervallo.",
      markdown: md`
Non devi fidarti della parola dell'exchange per nessun esito di un contratto a secondi. Ecco come verificarne uno.

## Nel browser

Apri lo **Storico** nella modalità a secondi della [pagina dei contratti](/contractTransaction?mode=seconds) e premi il link di prova di un contratto regolato. La pagina scarica il registro attorno al contratto e fa per te ogni passo qui sotto.

## A mano

1. **Prendi le voci.** Scarica le voci del mercato da poco prima dell'orario di accettazione del contratto fino alla consegna, e i dati pubblici di regolamento del contratto: orario di accettazione, durata, direzione, puntata e quote.
2. **Controlla la catena.** Per ogni voce calcola lo SHA-256 di seq|market|ts|price|sources|prevHash (UTF-8, esadecimale minuscolo) e confrontalo con l'hash della voce; ogni prevHash deve essere uguale all'hash della voce precedente.
3. **Trova la voce di apertura**: la prima voce il cui ts è successivo all'orario di accettazione. Deve essere entro 5 secondi da esso; altrimenti il contratto deve essere stato rimborsato.
4. **Trova la voce di regolamento**: l'ultima voce il cui ts è uguale o precedente al ts di apertura + durata.
5. **Confronta i prezzi e calcola il pagamento**: una vincita restituisce puntata + ⌊puntata × rendimento⌋, una perdita puntata − ⌈puntata × quota di perdita⌉, un pareggio la puntata, tutto nell'unità minima.

## Con il verificatore

Il verificatore open source fornito con l'exchange fa tutto questo per ogni contratto consegnato in un intervallo di tempo, tramite la stessa API pubblica, e stampa il numero di voci e contratti controllati e ogni discrepanza. Una discrepanza significherebbe che l'exchange ha regolato un contratto in modo diverso dalla sua stessa regola pubblicata.

L'[articolo sul registro dei prezzi](/helpCenter) spiega ogni campo di una voce.
`,
    },
    pt: {
      title: 'Recalcular uma liquidação',
      summary: 'Confira você mesmo o resultado de um contrato por segundos: no navegador com um clique, à mão em cinco passos ou com o verificador de código aberto em qualquer intervalo.',
      markdown: md`
Você não precisa confiar na palavra da exchange sobre nenhum resultado de contrato por segundos. Veja como conferir um.

## No navegador

Abra o **Histórico** no modo por segundos da [página de contratos](/contractTransaction?mode=seconds) e clique no link de prova de um contrato liquidado. A página baixa o registro em torno do contrato e faz por você cada passo abaixo.

## À mão

1. **Obtenha as entradas.** Baixe as entradas do mercado desde um pouco antes do horário de aceitação do contrato até a entrega, e os dados públicos de liquidação do contrato: horário de aceitação, duração, direção, valor e índices.
2. **Confira a cadeia.** Para cada entrada calcule o SHA-256 de seq|market|ts|price|sources|prevHash (UTF-8, hexadecimal minúsculo) e compare com o hash da entrada; cada prevHash deve ser igual ao hash da entrada anterior.
3. **Encontre a entrada de abertura**: a primeira entrada cujo ts é posterior ao horário de aceitação. Ela deve estar a no máximo 5 segundos dele; caso contrário, o contrato deve ter sido reembolsado.
4. **Encontre a entrada de liquidação**: a última entrada cujo ts é igual ou anterior ao ts de abertura + duração.
5. **Compare os preços e calcule o pagamento**: uma vitória devolve valor + ⌊valor × pagamento⌋, uma derrota valor − ⌈valor × índice de perda⌉, um empate o valor, tudo na menor unidade.

## Com o verificador

O verificador de código aberto que vem com a exchange faz tudo isso para cada contrato entregue em um intervalo de tempo, pela mesma API pública, e imprime o número de entradas e contratos conferidos e cada divergência. Uma divergência significaria que a exchange liquidou um contrato de forma diferente da própria regra publicada.

O [artigo sobre o registro de preços](/helpCenter) explica cada campo de uma entrada.
`,
    },
  },
};

export const HELP_PRICE_RECORD: readonly DemoArticle[] = [WHAT, RECOMPUTE];
