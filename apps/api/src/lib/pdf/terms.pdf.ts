import { TERMS_VERSION, type TermsLang } from '@hoppa/core';
import { FONT, FONT_BOLD, MM, pdfText, renderPdf } from './pdf.ts';

/** The words of the terms in one language: headings, the articles and the notes around them. */
interface TermsText {
  /** The PDF's document title (its metadata; viewers show it in the window title). */
  docTitle: string;
  heading: string;
  /** The line under the heading: the version in force and who provides the service. */
  subheading: string;
  /** That the agreement exists in two texts and which one prevails. */
  languages: string;
  articles: { title: string; body: string[] }[];
  /** What accepting in the portal records. */
  footer: string;
}

/**
 * The terms of service (ADR 0050: our own general terms for the fulfilment service) in Dutch and English: one agreement
 * of version {@link TERMS_VERSION} in two texts with the same seven articles; the Dutch text prevails, as a Dutch
 * provider under Dutch law would have it (article 7), and both texts say so.
 */
const TERMS: Record<TermsLang, TermsText> = {
  nl: {
    docTitle: `Hoppa algemene voorwaarden ${TERMS_VERSION}`,
    heading: 'Algemene voorwaarden',
    subheading: `Versie ${TERMS_VERSION} · fulfilment door de aanbieder van deze Hoppa-installatie`,
    languages:
      'Deze voorwaarden zijn opgesteld in het Nederlands en in het Engels. Bij verschil tussen beide teksten is de Nederlandse tekst beslissend.',
    articles: [
      {
        title: 'Artikel 1. Partijen en toepasselijkheid',
        body: [
          'Deze voorwaarden zijn van toepassing op iedere overeenkomst tussen de fulfilmentdienstverlener die deze Hoppa-installatie exploiteert (hierna: ‘wij’) en de webwinkelier wiens webwinkel daarvan gebruikmaakt (hierna: ‘u’), met betrekking tot opslag, orderpicking, verpakken, verzending, retourafhandeling en het gebruik van het portaal en de magazijnapp.',
        ],
      },
      {
        title: 'Artikel 2. Abonnement en licenties',
        body: [
          'U kiest uw licenties per plan onder Prijzen. Een licentie komt telkens toe aan één gebruiker van uw webwinkel; u kunt haar aan een andere gebruiker overdragen. Voor elk plan geldt een prijs per afgehandelde order; het abonnementstotaal is de som van prijs maal aantal per plan, verminderd met de staffelkorting (5\u00a0% vanaf 5 licenties, 10\u00a0% vanaf 10 licenties).',
          'U kunt het aantal licenties te allen tijde wijzigen, doch niet tot onder het aantal licenties dat uw gebruikers in gebruik hebben.',
        ],
      },
      {
        title: 'Artikel 3. Goederen in opslag',
        body: [
          'U meldt inkomende goederen vooraf bij ons aan. Wij tellen de goederen bij aankomst en melden u eventuele verschillen. De goederen blijven uw eigendom; wij bewaren ze met de zorg van een goed bewaarder en verzekeren ze tegen brand en diefstal tot ten hoogste hun inkoopwaarde.',
        ],
      },
      {
        title: 'Artikel 4. Orders en verzending',
        body: [
          'Orders die vóór de cut-off-tijd van de gekozen verzendmethode zijn ontvangen, verlaten het magazijn op dezelfde werkdag. Onze aansprakelijkheid voor een pakket eindigt op het moment dat de vervoerder het heeft overgenomen; vanaf dat moment zijn de voorwaarden van de vervoerder van toepassing.',
        ],
      },
      {
        title: 'Artikel 5. Facturering en betaling',
        body: [
          'Wij factureren maandelijks, na afloop van de kalendermaand: de afgehandelde orders, verpakkingsmateriaal, verzending, toeslagen en opslag per locatie per dag. Facturen dienen binnen 14 dagen na factuurdatum te worden voldaan. Alle bedragen luiden in euro en zijn exclusief btw.',
        ],
      },
      {
        title: 'Artikel 6. Gegevens en privacy',
        body: [
          'Wij verwerken de persoonsgegevens van uw klanten uitsluitend ter uitvoering van uw orders, als uw verwerker in de zin van de Algemene verordening gegevensbescherming (AVG). Gebruikers die u uitnodigt, ontvangen een e-mail waarmee zij hun wachtwoord instellen; u blijft verantwoordelijk voor wie een licentie houdt.',
        ],
      },
      {
        title: 'Artikel 7. Duur en beëindiging',
        body: [
          'De overeenkomst wordt aangegaan voor onbepaalde tijd en kan door elk van beide partijen worden opgezegd tegen het einde van een kalendermaand, met inachtneming van een opzegtermijn van één maand. Op de overeenkomst is Nederlands recht van toepassing; geschillen worden voorgelegd aan de bevoegde rechter in het arrondissement waarin wij zijn gevestigd.',
        ],
      },
    ],
    footer:
      'Bij het aanvaarden van deze voorwaarden in het portaal wordt vastgelegd wie welke versie heeft aanvaard, en wanneer.',
  },
  en: {
    docTitle: `Hoppa terms of service ${TERMS_VERSION}`,
    heading: 'Terms of service',
    subheading: `Version ${TERMS_VERSION} · fulfilment by the provider of this Hoppa installation`,
    languages:
      'These terms are drawn up in Dutch and in English. In case of differences between the two texts, the Dutch text prevails.',
    articles: [
      {
        title: '1. Parties and scope',
        body: [
          'These terms apply to every agreement between the fulfilment provider operating this Hoppa installation ("we") and the merchant whose shop uses it ("you"): storage, order picking, packing, shipping, returns handling and the use of the portal and the floor app.',
        ],
      },
      {
        title: '2. Subscription and licences',
        body: [
          'You choose licences per plan under Pricing. A licence belongs to one user of your shop at a time; you may move it between users. Each plan has a price per order handled; the subscription total is the sum of price times count per plan, less the volume discount (5\u00a0% from 5 licences, 10\u00a0% from 10).',
          'You may change the number of licences at any time, but not below the licences your users hold.',
        ],
      },
      {
        title: '3. Goods in storage',
        body: [
          'You announce inbound goods in advance. We count them on arrival and report differences. Goods remain your property; we store them with the care of a good warehouse keeper and insure them against fire and theft up to their purchase value.',
        ],
      },
      {
        title: '4. Orders and shipping',
        body: [
          "Orders received before the cut-off time of the chosen shipment method leave the warehouse the same working day. Our liability for a parcel ends when the carrier has taken it over; the carrier's own terms apply from then on.",
        ],
      },
      {
        title: '5. Invoicing and payment',
        body: [
          'We invoice monthly, after the end of the calendar month: orders handled, packaging, shipping, surcharges and storage per location per day. Invoices are due within 14 days. All amounts are in euro and exclude VAT.',
        ],
      },
      {
        title: '6. Data and privacy',
        body: [
          'We process the personal data of your customers only to fulfil your orders, as your processor under the GDPR. Users you invite receive an e-mail to set their password; you remain responsible for who holds a licence.',
        ],
      },
      {
        title: '7. Term and termination',
        body: [
          "The agreement runs for an indefinite period and can be ended by either party with one month's notice at the end of a calendar month. Dutch law applies; disputes go to the competent court in the provider's district.",
        ],
      },
    ],
    footer: 'Accepting these terms in the portal records who accepted which version, and when.',
  },
};

/**
 * The terms of service in force as an A4 PDF in `lang` (spec 3 §2: the terms page shows a PDF; version
 * {@link TERMS_VERSION}; the Dutch text prevails, both say so), built with pdfkit like the other documents: a title,
 * the version, the language note, the seven articles and what accepting records. Resolves with the PDF bytes.
 */
export function termsPdf(lang: TermsLang): Promise<Buffer> {
  const text = TERMS[lang];
  return renderPdf({ title: text.docTitle, lang: lang === 'nl' ? 'nl-NL' : 'en-GB' }, (doc) => {
    const margin = 18 * MM;
    const page = { size: 'A4', margin } as const;
    doc.addPage(page);
    const width = doc.page.width - 2 * margin;
    const body = { width, align: 'justify', lineGap: 1.5 } as const;
    doc.font(FONT_BOLD).fontSize(20).text(pdfText(text.heading), margin, margin, { width });
    doc.moveDown(0.3);
    doc.font(FONT).fontSize(10).fillColor('#555').text(pdfText(text.subheading), { width });
    doc.moveDown(0.3);
    doc.fontSize(9).text(pdfText(text.languages), { width });
    doc.fillColor('#000').moveDown(1);
    for (const a of text.articles) {
      // An article is kept whole: when it does not fit below the previous one it starts the next page.
      const title = pdfText(a.title);
      const paragraphs = a.body.map(pdfText);
      doc.font(FONT_BOLD).fontSize(11.5);
      let height = doc.heightOfString(title, { width }) + doc.currentLineHeight(true) * 0.3;
      doc.font(FONT).fontSize(9.5);
      for (const p of paragraphs) height += doc.heightOfString(p, body) + doc.currentLineHeight(true) * 0.5;
      if (doc.y + height > doc.page.height - margin) doc.addPage(page);
      doc.font(FONT_BOLD).fontSize(11.5).text(title, margin, doc.y, { width });
      doc.moveDown(0.3);
      for (const p of paragraphs) {
        doc.font(FONT).fontSize(9.5).text(p, body);
        doc.moveDown(0.5);
      }
      doc.moveDown(0.3);
    }
    doc.fontSize(9).fillColor('#555').text(pdfText(text.footer), { width });
  });
}
