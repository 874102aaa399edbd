/** Texts of the home dashboard (namespace 'home'; spec 1 §2 Home dashboard). */
export const homeI18n = {
  en: {
    title: 'Dashboard',
    greeting: {
      morning: 'Good morning, {{name}}',
      afternoon: 'Good afternoon, {{name}}',
      evening: 'Good evening, {{name}}',
    },
    workingFor: 'Working for {{org}} · {{date}}',
    today: 'Today',
    stats: {
      openToday: 'Open orders today',
      openTodayHint: 'Placed today, not shipped yet',
      processedToday: 'Processed today',
      processedTodayHint: 'Orders shipped today',
      toOrders: 'Open orders',
      toShipments: 'Shipments',
    },
    insights: {
      chartTitle: 'Orders over the last 30 days',
      orders: 'Orders',
      reportTitle: 'Pick/pack report {{date}}',
      picksPerHour: 'Pieces picked per hour',
      perPerson: 'Per person today',
      person: 'Person',
      picked: 'Picked',
      packed: 'Packed',
      noWork: 'Nothing picked or packed yet today.',
      attentionTitle: 'Orders needing attention',
      attentionNone: 'No orders with a red note.',
      color: { red: 'Red', green: 'Green', yellow: 'Yellow' },
    },
    menuTitle: 'What would you like to do?',
    tiles: {
      inbound: { title: 'Check something in', body: 'Scan goods that arrived at the warehouse.' },
      newShipment: {
        title: 'Create a new shipment',
        body: 'Enter an order by hand, for B2B, Amazon FBA or bol LVB.',
      },
      findShipment: {
        title: 'Find a shipped order',
        body: 'Look up a sent order, its label and track and trace.',
      },
      announce: { title: 'Announce products', body: 'Tell the warehouse which goods are on their way.' },
      monitor: {
        title: 'Monitor goods status',
        body: 'Follow your announced goods until they are checked in.',
      },
    },
  },
  nl: {
    title: 'Dashboard',
    greeting: {
      morning: 'Goedemorgen, {{name}}',
      afternoon: 'Goedemiddag, {{name}}',
      evening: 'Goedenavond, {{name}}',
    },
    workingFor: 'Je werkt voor {{org}} · {{date}}',
    today: 'Vandaag',
    stats: {
      openToday: 'Open orders vandaag',
      openTodayHint: 'Vandaag geplaatst, nog niet verzonden',
      processedToday: 'Vandaag verwerkt',
      processedTodayHint: 'Vandaag verzonden orders',
      toOrders: 'Open orders',
      toShipments: 'Zendingen',
    },
    insights: {
      chartTitle: 'Orders van de afgelopen 30 dagen',
      orders: 'Orders',
      reportTitle: 'Pick/pack-rapport {{date}}',
      picksPerHour: 'Gepickte stuks per uur',
      perPerson: 'Per persoon vandaag',
      person: 'Persoon',
      picked: 'Gepickt',
      packed: 'Ingepakt',
      noWork: 'Vandaag is er nog niets gepickt of ingepakt.',
      attentionTitle: 'Orders die aandacht nodig hebben',
      attentionNone: 'Geen orders met een rode notitie.',
      color: { red: 'Rood', green: 'Groen', yellow: 'Geel' },
    },
    menuTitle: 'Wat wil je doen?',
    tiles: {
      inbound: { title: 'Iets inchecken', body: 'Scan goederen die in het magazijn zijn aangekomen.' },
      newShipment: {
        title: 'Nieuwe zending aanmaken',
        body: 'Voer een order handmatig in, voor B2B, Amazon FBA of bol LVB.',
      },
      findShipment: {
        title: 'Verzonden order zoeken',
        body: 'Zoek een verzonden order op, met label en track & trace.',
      },
      announce: {
        title: 'Producten aanmelden',
        body: 'Laat het magazijn weten welke goederen onderweg zijn.',
      },
      monitor: {
        title: 'Status van goederen volgen',
        body: 'Volg je aangemelde goederen tot ze zijn ingecheckt.',
      },
    },
  },
};
