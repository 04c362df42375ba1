// The templates of in-article chrome (article-chrome.ts): per language, names, sites, dates and the wording of each
// kind of chrome block, filled in with random pieces.
import type { Rng } from "../synthesize-page";

export type Lang = "en" | "it" | "zh" | "uk";
export type Kind = "cookie" | "newsletter" | "form-error" | "social" | "promo" | "author" | "caption" | "byline" | "share" | "teaser";

/** Random pieces a template fills in. */
export interface Fill {
  name: () => string;
  site: () => string;
  handle: () => string;
  agency: () => string;
  date: () => string;
  time: () => string;
  count: () => string;
  small: () => string;
  year: () => string;
  headline: () => string;
}
export type Template = (f: Fill) => string;

export const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;
export const int = (rng: Rng, lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));
export const pad = (n: number) => String(n).padStart(2, "0");

export const AGENCIES = ["Getty Images", "Reuters", "AP Photo", "AFP", "EPA", "Bloomberg", "Alamy", "PA", "NASA/ESA/Hubble", "Shutterstock"];

export interface LangData {
  first: readonly string[];
  last: readonly string[];
  /** "First Last" or, for Chinese, family name + given name with no space. */
  joinName: (first: string, last: string) => string;
  sites: readonly string[];
  months: readonly string[];
  weekdays: readonly string[];
  /** A publication date, e.g. "Tue, Nov 19, 2019". */
  formatDate: (rng: Rng, d: { y: number; m: number; day: number; wd: number }, data: LangData) => string;
  templates: Record<Kind, readonly Template[]>;
}

export const EN: LangData = {
  first: ["Sarah", "James", "Priya", "Michael", "Emma", "Daniel", "Olivia", "Tom", "Grace", "Luis", "Hannah", "Kwame"],
  last: ["Mitchell", "Okafor", "Patel", "Reynolds", "Walsh", "Nguyen", "Bennett", "Kowalski", "Hughes", "Carter", "Lindqvist"],
  joinName: (f, l) => `${f} ${l}`,
  sites: ["The Daily Courier", "Metro Herald", "Science Weekly", "The Evening Post", "Tech Digest", "Space Today", "Northern Echo"],
  months: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
  weekdays: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
  formatDate: (rng, d, data) =>
    rng() < 0.5 ? `${data.weekdays[d.wd]!.slice(0, 3)}, ${data.months[d.m]!.slice(0, 3)} ${d.day}, ${d.y}` : `${d.day} ${data.months[d.m]} ${d.y}`,
  templates: {
    cookie: [
      () =>
        "Our website uses cookies to improve its performance and enhance your user experience. By continuing to browse, you agree to our cookie policy.",
      () => "Your privacy is important to us. We have updated our privacy policy to explain how we collect and use your data.",
      () => "We use cookies and similar technologies to personalise content and ads. Accept all / Manage settings",
      (f) => `This site uses cookies. Find out more about how ${f.site()} uses them in our cookie policy.`,
    ],
    newsletter: [
      (f) => `Sign up to the ${f.site()} newsletter and get the day's top stories straight to your inbox.`,
      (f) => `I agree that ${f.site()} can send me the newsletter. I can unsubscribe at any time.`,
      (f) => `Subscribe now: ${f.small()} issues for just £${f.small()}.99`,
      () => "Get our free weekly briefing. Enter your email address",
    ],
    "form-error": [
      () => "Please check the opt-in box to confirm you want to subscribe.",
      () => "There was an error processing your subscription. Please try again later.",
      () => "Thank you for signing up! Check your inbox to confirm your email address.",
      () => "Please enter a valid email address.",
    ],
    social: [
      (f) => `Follow us on Twitter @${f.handle()} and like us on Facebook.`,
      (f) => `Follow ${f.name()} on Twitter @${f.handle()}`,
      () => "Share this article: Facebook Twitter WhatsApp Email",
      (f) => `Join the conversation on Instagram @${f.handle()}`,
    ],
    promo: [
      (f) => `Subscribe to our sister title ${f.site()} for more stories like this.`,
      () => "ADVERTISEMENT - CONTINUE READING BELOW",
      () => "Story continues below advertisement",
      (f) => `Try ${f.site()} free for ${f.small()} days. Cancel anytime.`,
    ],
    author: [
      (f) => `${f.name()} is a science writer at ${f.site()} and a pug aficionado.`,
      (f) => `About the author: ${f.name()} has covered politics for ${f.site()} since ${f.year()}.`,
      (f) => `${f.name()} is a senior correspondent at ${f.site()}. Email: newsdesk@example.com`,
    ],
    caption: [
      (f) => `(Image: © ${f.agency()})`,
      (f) => `Photo: ${f.agency()}`,
      (f) => `${f.name()} | ${f.agency()} | Getty Images`,
      (f) => `Credit: ${f.name()}/${f.agency()}`,
    ],
    byline: [
      (f) => `Published: ${f.time()}, ${f.date()} | Updated: ${f.time()}, ${f.date()}`,
      (f) => `By ${f.name()} on ${f.date()} at ${f.time()} a.m.`,
      (f) => `By ${f.name()}, ${f.site()}`,
      (f) => `Last updated ${f.date()} · ${f.small()} min read`,
    ],
    share: [(f) => f.count(), (f) => `${f.count()} shares`, (f) => `${f.small()} comments`, (f) => `${f.count()} Shares ${f.count()} Views`],
    teaser: [
      (f) => `See more: ${f.headline()}`,
      (f) => `Don't miss: ${f.headline()}`,
      (f) => f.headline(),
      (f) => `Read more: ${f.headline()}`,
      (f) => `You might also like: ${f.headline()}`,
    ],
  },
};

const IT: LangData = {
  first: ["Giulia", "Marco", "Francesca", "Luca", "Chiara", "Alessandro", "Sara", "Matteo", "Elena", "Davide"],
  last: ["Rossi", "Bianchi", "Esposito", "Romano", "Colombo", "Ricci", "Marino", "Greco", "Bruno", "Gallo"],
  joinName: (f, l) => `${f} ${l}`,
  sites: ["Il Corriere del Lago", "La Gazzetta di Sera", "Notizie Oggi", "Il Quotidiano Veneto", "Scienza & Tecnica"],
  months: ["gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre", "novembre", "dicembre"],
  weekdays: ["domenica", "lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato"],
  formatDate: (rng, d, data) => (rng() < 0.5 ? `${d.day} ${data.months[d.m]} ${d.y}` : `${pad(d.day)}/${pad(d.m + 1)}/${d.y}`),
  templates: {
    cookie: [
      () => "Questo sito utilizza cookie per migliorare la tua esperienza di navigazione. Continuando a navigare accetti l'uso dei cookie.",
      () => "La tua privacy è importante per noi. Abbiamo aggiornato la nostra informativa sulla privacy.",
      () => "Utilizziamo cookie tecnici e di profilazione. Accetta tutti / Gestisci preferenze",
    ],
    newsletter: [
      (f) => `Iscriviti alla newsletter di ${f.site()} e ricevi ogni mattina le notizie principali.`,
      (f) => `Acconsento a ricevere la newsletter di ${f.site()}. Posso annullare l'iscrizione in qualsiasi momento.`,
      (f) => `Abbonati a ${f.site()}: il primo mese a ${f.small()},99 €`,
    ],
    "form-error": [
      () => "Si è verificato un errore durante l'iscrizione. Riprova più tardi.",
      () => "Seleziona la casella del consenso per completare l'iscrizione.",
      () => "Inserisci un indirizzo email valido.",
    ],
    social: [
      (f) => `Seguici su Twitter @${f.handle()} e su Facebook.`,
      (f) => `Segui ${f.name()} su Instagram @${f.handle()}`,
      () => "Condividi questo articolo: Facebook Twitter WhatsApp Email",
    ],
    promo: [
      () => "PUBBLICITÀ",
      (f) => `Abbonati alla nostra rivista gemella ${f.site()} per altre storie come questa.`,
      () => "Contenuto sponsorizzato",
    ],
    author: [
      (f) => `${f.name()} è giornalista di ${f.site()} e si occupa di scienza e ambiente.`,
      (f) => `L'autore: ${f.name()} scrive di politica ed economia per ${f.site()}.`,
    ],
    caption: [(f) => `(Foto: ${f.agency()})`, (f) => `Foto: ${f.name()}/${f.agency()}`, (f) => `Credit: ${f.agency()}`],
    byline: [
      (f) => `Pubblicato il ${f.date()} alle ${f.time()} | Aggiornato: ${f.date()}`,
      (f) => `di ${f.name()} – ${f.date()}`,
      (f) => `Tempo di lettura: ${f.small()} min`,
    ],
    share: [(f) => f.count(), (f) => `${f.count()} condivisioni`, (f) => `${f.small()} commenti`],
    teaser: [
      (f) => `Leggi anche: ${f.headline()}`,
      (f) => `Da non perdere: ${f.headline()}`,
      (f) => `Potrebbe interessarti: ${f.headline()}`,
      (f) => f.headline(),
    ],
  },
};

const ZH: LangData = {
  first: ["伟", "娜", "敏", "洋", "静", "帆", "磊", "婷", "杰", "昊"],
  last: ["王", "李", "张", "刘", "陈", "杨", "赵", "黄", "周", "吴"],
  joinName: (f, l) => `${l}${f}`,
  sites: ["新华日报", "科技时报", "都市晚报", "南方周刊", "环球新闻网"],
  months: ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"],
  weekdays: ["星期日", "星期一", "星期二", "星期三", "星期四", "星期五", "星期六"],
  formatDate: (rng, d) => (rng() < 0.5 ? `${d.y}年${d.m + 1}月${d.day}日` : `${d.y}-${pad(d.m + 1)}-${pad(d.day)}`),
  templates: {
    cookie: [
      () => "本网站使用Cookie以改善您的浏览体验。继续浏览即表示您同意我们使用Cookie。",
      () => "我们非常重视您的隐私。我们已更新隐私政策，请阅读了解我们如何使用您的数据。",
    ],
    newsletter: [
      (f) => `订阅${f.site()}新闻邮件，每天早上获取最新头条。`,
      (f) => `我同意${f.site()}向我发送新闻简报，我可以随时取消订阅。`,
      (f) => `立即订阅，首月仅需${f.small()}元`,
    ],
    "form-error": [() => "订阅时出现错误，请稍后再试。", () => "请勾选同意框以确认订阅。", () => "请输入有效的电子邮件地址。"],
    social: [(f) => `关注我们的微博 @${f.handle()}`, (f) => `扫描二维码关注${f.site()}微信公众号`, () => "分享到：微信 微博 QQ空间"],
    promo: [() => "广告", (f) => `推广：${f.site()}会员限时优惠`],
    author: [(f) => `${f.name()}，${f.site()}记者，长期关注科技与环境报道。`, (f) => `作者简介：${f.name()}，${f.site()}资深编辑。`],
    caption: [(f) => `（图片来源：${f.agency()}）`, (f) => `图/${f.name()}`, (f) => `摄影：${f.name()}`],
    byline: [
      (f) => `发布时间：${f.date()} ${f.time()} | 更新时间：${f.date()} ${f.time()}`,
      (f) => `作者：${f.name()} 来源：${f.site()} ${f.date()}`,
      (f) => `阅读 ${f.count()}`,
    ],
    share: [(f) => `${f.small()}人已分享`, (f) => `评论（${f.small()}）`, (f) => `阅读量 ${f.count()}`],
    teaser: [(f) => `相关阅读：${f.headline()}`, (f) => `延伸阅读：${f.headline()}`, (f) => `推荐：${f.headline()}`, (f) => f.headline()],
  },
};

const UK: LangData = {
  first: ["Олена", "Андрій", "Ірина", "Тарас", "Наталія", "Олег", "Марія", "Богдан", "Світлана", "Дмитро"],
  last: ["Коваленко", "Шевченко", "Бондаренко", "Мельник", "Ткаченко", "Кравченко", "Олійник", "Лисенко", "Савчук"],
  joinName: (f, l) => `${f} ${l}`,
  sites: ["Вечірній Київ", "Новини Поділля", "Наука і життя", "Львівська газета", "Дзеркало тижня"],
  months: ["січня", "лютого", "березня", "квітня", "травня", "червня", "липня", "серпня", "вересня", "жовтня", "листопада", "грудня"],
  weekdays: ["неділя", "понеділок", "вівторок", "середа", "четвер", "пʼятниця", "субота"],
  formatDate: (rng, d, data) => (rng() < 0.5 ? `${d.day} ${data.months[d.m]} ${d.y}` : `${pad(d.day)}.${pad(d.m + 1)}.${d.y}`),
  templates: {
    cookie: [
      () => "Наш сайт використовує файли cookie, щоб покращити вашу роботу з ним. Продовжуючи перегляд, ви погоджуєтеся з нашою політикою cookie.",
      () => "Ваша приватність важлива для нас. Ми оновили політику конфіденційності.",
    ],
    newsletter: [
      (f) => `Підпишіться на розсилку ${f.site()} і отримуйте головні новини щоранку.`,
      (f) => `Я погоджуюся отримувати розсилку від ${f.site()}. Відписатися можна будь-коли.`,
      (f) => `Передплатіть ${f.site()}: перший місяць за ${f.small()} грн`,
    ],
    "form-error": [
      () => "Під час оформлення підписки сталася помилка. Спробуйте пізніше.",
      () => "Будь ласка, позначте поле згоди, щоб підтвердити підписку.",
      () => "Введіть дійсну адресу електронної пошти.",
    ],
    social: [
      (f) => `Слідкуйте за нами в Telegram @${f.handle()}`,
      (f) => `Стежте за ${f.name()} у Twitter @${f.handle()}`,
      () => "Поділитися: Facebook Telegram Viber",
    ],
    promo: [() => "Реклама", (f) => `Підпишіться на наш партнерський проєкт ${f.site()}`],
    author: [(f) => `${f.name()} — журналістка ${f.site()}, пише про науку та довкілля.`, (f) => `Про автора: ${f.name()}, редактор ${f.site()}.`],
    caption: [(f) => `(Фото: ${f.agency()})`, (f) => `Фото: ${f.name()}/${f.agency()}`, (f) => `Ілюстрація: ${f.site()}`],
    byline: [
      (f) => `Опубліковано: ${f.time()}, ${f.date()} | Оновлено: ${f.time()}, ${f.date()}`,
      (f) => `Автор: ${f.name()}, ${f.date()}`,
      (f) => `${f.small()} хв читання`,
    ],
    share: [(f) => `${f.count()} переглядів`, (f) => `Коментарі: ${f.small()}`, (f) => `${f.count()} поширень`],
    teaser: [
      (f) => `Читайте також: ${f.headline()}`,
      (f) => `Не пропустіть: ${f.headline()}`,
      (f) => `Більше новин: ${f.headline()}`,
      (f) => f.headline(),
    ],
  },
};

export const LANGS: Record<Lang, LangData> = { en: EN, it: IT, zh: ZH, uk: UK };
/** Languages the templates are written in; others get English templates (real pages often mix). */
export const CHROME_TEMPLATE_LANGS = Object.keys(LANGS) as Lang[];
