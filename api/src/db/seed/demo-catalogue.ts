/**
 * The vocabulary of the demo catalogue: categories (spec section 3), invented brands, product kinds
 * with the shape their picture is drawn with, colours, people and review texts. Brand names are made
 * up on purpose; none is meant to be a real trademark. The benchmark builds its large catalogue from
 * the same words.
 */

export const DEMO_CATEGORIES = [
  { slug: 'camisetas-y-tops', name: 'Camisetas y Tops', tint: ['#fde68a', '#fca5a5'] },
  { slug: 'pantalones-y-vaqueros', name: 'Pantalones y Vaqueros', tint: ['#bfdbfe', '#c7d2fe'] },
  { slug: 'calzado', name: 'Calzado', tint: ['#fed7aa', '#fde68a'] },
  { slug: 'accesorios', name: 'Accesorios', tint: ['#ddd6fe', '#fbcfe8'] },
  { slug: 'ropa-deportiva', name: 'Ropa Deportiva', tint: ['#bbf7d0', '#a5f3fc'] },
  { slug: 'ropa-de-abrigo', name: 'Ropa de Abrigo', tint: ['#e2e8f0', '#bae6fd'] },
  { slug: 'vestidos-y-faldas', name: 'Vestidos y Faldas', tint: ['#fbcfe8', '#fecdd3'] },
  { slug: 'sneakers', name: 'Sneakers', tint: ['#fef08a', '#bef264'] },
] as const;

export type CategorySlug = (typeof DEMO_CATEGORIES)[number]['slug'];

export interface DemoBrand {
  slug: string;
  name: string;
  /** Logo background and lettering. */
  colour: string;
  ink: string;
  /** Categories the brand mostly sells; products of other kinds still land on it now and then. */
  focus: readonly CategorySlug[];
}

export const VARIOUS_BRAND: DemoBrand = { slug: 'various', name: 'Various', colour: '#475569', ink: '#f8fafc', focus: [] };

export const DEMO_BRANDS: readonly DemoBrand[] = [
  VARIOUS_BRAND,
  { slug: 'vellora', name: 'Vellora', colour: '#7c2d12', ink: '#ffedd5', focus: ['vestidos-y-faldas', 'accesorios'] },
  { slug: 'kastro-supply', name: 'Kastro Supply', colour: '#111827', ink: '#facc15', focus: ['camisetas-y-tops', 'pantalones-y-vaqueros'] },
  { slug: 'drift-atelier', name: 'Drift Atelier', colour: '#0f766e', ink: '#ecfeff', focus: ['ropa-de-abrigo', 'camisetas-y-tops'] },
  { slug: 'solenne', name: 'Solenne', colour: '#be185d', ink: '#fdf2f8', focus: ['vestidos-y-faldas'] },
  { slug: 'okavo', name: 'Okavo', colour: '#ea580c', ink: '#fff7ed', focus: ['sneakers', 'ropa-deportiva'] },
  { slug: 'brumo', name: 'Brumo', colour: '#334155', ink: '#e0f2fe', focus: ['ropa-de-abrigo'] },
  { slug: 'tandem-goods', name: 'Tandem Goods', colour: '#4d7c0f', ink: '#f7fee7', focus: ['accesorios'] },
  { slug: 'ferro-lino', name: 'Ferro & Lino', colour: '#a16207', ink: '#fefce8', focus: ['camisetas-y-tops', 'vestidos-y-faldas'] },
  { slug: 'quarzo', name: 'Quarzo', colour: '#6d28d9', ink: '#f5f3ff', focus: ['accesorios', 'calzado'] },
  { slug: 'lumbre-studio', name: 'Lumbre Studio', colour: '#b91c1c', ink: '#fef2f2', focus: ['camisetas-y-tops', 'ropa-de-abrigo'] },
  { slug: 'nomada-club', name: 'Nómada Club', colour: '#854d0e', ink: '#fef9c3', focus: ['calzado', 'accesorios'] },
  { slug: 'halcon-athletics', name: 'Halcón Athletics', colour: '#1d4ed8', ink: '#eff6ff', focus: ['ropa-deportiva', 'sneakers'] },
  { slug: 'cierzo-outdoor', name: 'Cierzo Outdoor', colour: '#166534', ink: '#f0fdf4', focus: ['ropa-de-abrigo', 'calzado'] },
  { slug: 'pampa-denim', name: 'Pampa Denim', colour: '#1e3a8a', ink: '#dbeafe', focus: ['pantalones-y-vaqueros'] },
  { slug: 'zenit-runners', name: 'Zenit Runners', colour: '#0e7490', ink: '#ecfeff', focus: ['sneakers', 'ropa-deportiva'] },
  { slug: 'monoloco', name: 'Monoloco', colour: '#facc15', ink: '#1c1917', focus: ['camisetas-y-tops', 'sneakers'] },
  { slug: 'arrecife', name: 'Arrecife', colour: '#0369a1', ink: '#f0f9ff', focus: ['vestidos-y-faldas', 'camisetas-y-tops'] },
  { slug: 'gris-perla', name: 'Gris Perla', colour: '#9ca3af', ink: '#111827', focus: ['pantalones-y-vaqueros', 'ropa-de-abrigo'] },
  { slug: 'tesela', name: 'Tesela', colour: '#9d174d', ink: '#fce7f3', focus: ['accesorios', 'vestidos-y-faldas'] },
];

export type Shape =
  | 'tshirt' | 'hoodie' | 'jacket' | 'trousers' | 'shorts' | 'dress' | 'skirt'
  | 'sneaker' | 'boot' | 'shoe' | 'cap' | 'beanie' | 'bag' | 'backpack' | 'glasses' | 'watch' | 'belt';

export interface ProductKind {
  noun: string;
  shape: Shape;
  /** The first one is the main category; the others are added to some of the products. */
  categories: readonly CategorySlug[];
  /** Phrases that follow the noun in a title, written to agree with it. */
  details: readonly string[];
  materials: readonly string[];
}

export const PRODUCT_KINDS: readonly ProductKind[] = [
  { noun: 'Camiseta oversize', shape: 'tshirt', categories: ['camisetas-y-tops'], details: ['de algodón grueso', 'con estampado trasero', 'lavado vintage', 'con logo bordado'], materials: ['Algodón 100 % de 240 g/m², cae muy bien.', 'Tejido grueso que no transparenta.'] },
  { noun: 'Camiseta básica', shape: 'tshirt', categories: ['camisetas-y-tops'], details: ['de algodón orgánico', 'pack de tres', 'de cuello redondo', 'entallada'], materials: ['Algodón peinado, suave desde el primer día.', 'Tejido fino, ideal para verano.'] },
  { noun: 'Top corto', shape: 'tshirt', categories: ['camisetas-y-tops', 'vestidos-y-faldas'], details: ['de canalé', 'sin mangas', 'de tirantes finos', 'de punto'], materials: ['Canalé elástico que se ajusta sin apretar.', 'Punto fino con algo de elastano.'] },
  { noun: 'Polo', shape: 'tshirt', categories: ['camisetas-y-tops'], details: ['de piqué', 'de punto fino', 'con cuello en contraste', 'de manga larga', 'slim'], materials: ['Piqué de algodón con botones de nácar sintético.'] },
  { noun: 'Camisa de lino', shape: 'tshirt', categories: ['camisetas-y-tops'], details: ['de manga larga', 'oversize', 'con bolsillo de parche', 'de manga corta'], materials: ['Mezcla de lino y algodón, fresca y algo arrugada, como debe ser.'] },
  { noun: 'Pantalón cargo', shape: 'trousers', categories: ['pantalones-y-vaqueros'], details: ['holgado', 'con bolsillos laterales', 'de tiro bajo', 'técnico'], materials: ['Sarga de algodón resistente con cordón en el bajo.', 'Nailon ligero que seca rápido.'] },
  { noun: 'Vaqueros rectos', shape: 'trousers', categories: ['pantalones-y-vaqueros'], details: ['de tiro alto', 'lavado claro', 'con rotos', 'de corte clásico'], materials: ['Denim de 13 oz sin elastano, se amolda con el uso.'] },
  { noun: 'Vaqueros baggy', shape: 'trousers', categories: ['pantalones-y-vaqueros'], details: ['lavado oscuro', 'estilo noventero', 'con costuras marcadas', 'de tiro medio'], materials: ['Denim rígido, pierna muy ancha.'] },
  { noun: 'Pantalón chino', shape: 'trousers', categories: ['pantalones-y-vaqueros'], details: ['slim', 'de algodón elástico', 'con pinzas', 'de corte recto', 'tobillero'], materials: ['Algodón con un 2 % de elastano, cómodo para todo el día.'] },
  { noun: 'Pantalón de pana', shape: 'trousers', categories: ['pantalones-y-vaqueros'], details: ['de pata ancha', 'de corte recto', 'de tiro alto', 'holgado'], materials: ['Pana de canutillo fino, muy suave.'] },
  { noun: 'Botas Chelsea', shape: 'boot', categories: ['calzado'], details: ['de ante', 'de piel', 'con suela dentada', 'impermeables'], materials: ['Piel sintética de buena calidad y elásticos laterales firmes.'] },
  { noun: 'Botines', shape: 'boot', categories: ['calzado'], details: ['con cordones', 'de tacón bajo', 'acolchados'], materials: ['Caña acolchada y suela de goma antideslizante.'] },
  { noun: 'Mocasines', shape: 'shoe', categories: ['calzado'], details: ['de piel', 'con borlas', 'con suela gruesa', 'con antifaz'], materials: ['Piel lisa con plantilla acolchada.'] },
  { noun: 'Alpargatas', shape: 'shoe', categories: ['calzado'], details: ['de yute', 'de lona', 'con cuña', 'clásicas'], materials: ['Suela de yute trenzado y lona de algodón.'] },
  { noun: 'Gorra', shape: 'cap', categories: ['accesorios'], details: ['de béisbol', 'de visera curva', 'con logo bordado', 'trucker'], materials: ['Sarga de algodón con cierre ajustable metálico.'] },
  { noun: 'Gorro', shape: 'beanie', categories: ['accesorios', 'ropa-de-abrigo'], details: ['de punto', 'de lana merino', 'con dobladillo', 'de canalé', 'con pompón'], materials: ['Punto doble, abriga sin picar.'] },
  { noun: 'Riñonera', shape: 'bag', categories: ['accesorios'], details: ['de nailon', 'cruzada', 'con varios bolsillos', 'reflectante'], materials: ['Nailon repelente al agua con cremalleras robustas.'] },
  { noun: 'Bolso bandolera', shape: 'bag', categories: ['accesorios'], details: ['de piel sintética', 'acolchado', 'mini'], materials: ['Correa regulable y forro interior.'] },
  { noun: 'Mochila', shape: 'backpack', categories: ['accesorios'], details: ['impermeable', 'con compartimento para portátil', 'enrollable', 'de lona', 'urbana'], materials: ['Lona encerada y espalda acolchada.'] },
  { noun: 'Gafas de sol', shape: 'glasses', categories: ['accesorios'], details: ['polarizadas', 'de montura redonda', 'estilo aviador', 'de montura cuadrada', 'de pasta'], materials: ['Lentes con protección UV400 y funda incluida.'] },
  { noun: 'Reloj', shape: 'watch', categories: ['accesorios'], details: ['minimalista', 'digital', 'con correa de malla', 'de esfera grande', 'clásico'], materials: ['Caja de acero y cristal mineral.'] },
  { noun: 'Cinturón', shape: 'belt', categories: ['accesorios'], details: ['de cuero', 'con hebilla metálica', 'trenzado', 'reversible', 'de ante'], materials: ['Cuero de 3,5 cm de ancho, se puede recortar.'] },
  { noun: 'Mallas', shape: 'trousers', categories: ['ropa-deportiva'], details: ['de compresión', 'de talle alto', 'sin costuras', 'con bolsillo lateral', 'tobilleras'], materials: ['Tejido técnico opaco que no se baja al entrenar.'] },
  { noun: 'Pantalón corto de running', shape: 'shorts', categories: ['ropa-deportiva'], details: ['con malla interior', 'ligero', 'de secado rápido'], materials: ['Poliéster reciclado con bolsillo para llaves.'] },
  { noun: 'Camiseta técnica', shape: 'tshirt', categories: ['ropa-deportiva', 'camisetas-y-tops'], details: ['transpirable', 'de secado rápido', 'reflectante'], materials: ['Tejido de malla que evacua el sudor.'] },
  { noun: 'Chándal', shape: 'jacket', categories: ['ropa-deportiva'], details: ['completo', 'de dos piezas', 'retro', 'de felpa'], materials: ['Poliéster brillante con bandas laterales.'] },
  { noun: 'Sudadera de entrenamiento', shape: 'hoodie', categories: ['ropa-deportiva', 'ropa-de-abrigo'], details: ['con media cremallera', 'ligera', 'de felpa ligera', 'técnica'], materials: ['Felpa técnica, abriga sin dar calor de más.'] },
  { noun: 'Chaqueta puffer', shape: 'jacket', categories: ['ropa-de-abrigo'], details: ['acolchada', 'con capucha', 'corta', 'reversible'], materials: ['Relleno sintético que abriga muchísimo y pesa poco.'] },
  { noun: 'Abrigo de lana', shape: 'jacket', categories: ['ropa-de-abrigo'], details: ['largo', 'cruzado', 'de corte recto', 'oversize', 'con cinturón'], materials: ['Mezcla de lana con forro de satén.'] },
  { noun: 'Cortavientos', shape: 'jacket', categories: ['ropa-de-abrigo', 'ropa-deportiva'], details: ['impermeable', 'con capucha', 'plegable', 'ultraligero'], materials: ['Nailon ripstop con costuras selladas.'] },
  { noun: 'Chaqueta vaquera', shape: 'jacket', categories: ['ropa-de-abrigo'], details: ['forrada de borrego', 'oversize', 'de lavado clásico', 'de lavado oscuro'], materials: ['Denim grueso con botones metálicos.'] },
  { noun: 'Sudadera con capucha', shape: 'hoodie', categories: ['ropa-de-abrigo', 'camisetas-y-tops'], details: ['de felpa', 'oversize', 'con cremallera', 'con estampado'], materials: ['Felpa perchada de 400 g/m², muy calentita.'] },
  { noun: 'Parka', shape: 'jacket', categories: ['ropa-de-abrigo'], details: ['impermeable', 'con pelo sintético', 'larga', 'con capucha desmontable'], materials: ['Exterior repelente al agua y forro acolchado.'] },
  { noun: 'Vestido midi', shape: 'dress', categories: ['vestidos-y-faldas'], details: ['de lino', 'con estampado floral', 'de tirantes', 'cruzado'], materials: ['Tejido vaporoso con forro en la falda.'] },
  { noun: 'Vestido camisero', shape: 'dress', categories: ['vestidos-y-faldas'], details: ['de algodón', 'con cinturón', 'de rayas', 'midi', 'de lino'], materials: ['Popelín de algodón que no se arruga mucho.'] },
  { noun: 'Falda plisada', shape: 'skirt', categories: ['vestidos-y-faldas'], details: ['midi', 'satinada', 'de tiro alto', 'larga'], materials: ['Plisado permanente y cintura elástica.'] },
  { noun: 'Minifalda vaquera', shape: 'skirt', categories: ['vestidos-y-faldas', 'pantalones-y-vaqueros'], details: ['con bajo deshilachado', 'de cintura alta', 'con botones', 'lavado claro'], materials: ['Denim con algo de elastano.'] },
  { noun: 'Falda larga', shape: 'skirt', categories: ['vestidos-y-faldas'], details: ['de vuelo', 'con abertura lateral', 'estampada', 'de lino'], materials: ['Viscosa fluida con mucho movimiento.'] },
  { noun: 'Zapatillas retro', shape: 'sneaker', categories: ['sneakers', 'calzado'], details: ['de caña baja', 'de caña alta', 'de ante', 'con suela de goma'], materials: ['Piel sintética y suela cosida.', 'Ante y malla con plantilla extraíble.'] },
  { noun: 'Zapatillas de baloncesto', shape: 'sneaker', categories: ['sneakers', 'calzado'], details: ['de caña alta', 'edición especial', 'con cámara de aire', 'retro'], materials: ['Cuero sintético con buena sujeción del tobillo.'] },
  { noun: 'Zapatillas chunky', shape: 'sneaker', categories: ['sneakers', 'calzado'], details: ['con suela gruesa', 'de malla', 'multicolor', 'de piel'], materials: ['Suela de 5 cm muy ligera para lo que abulta.'] },
  { noun: 'Zapatillas de skate', shape: 'sneaker', categories: ['sneakers', 'calzado'], details: ['de lona', 'con suela vulcanizada', 'acolchadas', 'de ante'], materials: ['Lona reforzada en la puntera.'] },
  { noun: 'Zapatillas de running', shape: 'sneaker', categories: ['sneakers', 'ropa-deportiva'], details: ['ligeras', 'con amortiguación', 'de malla transpirable', 'con suela reactiva'], materials: ['Mediasuela de espuma con buen retorno.'] },
];

/** Colour names as the product form takes them, with the tone the picture uses. */
export const COLOURS = [
  { name: 'negro', hex: '#1f2937' },
  { name: 'blanco', hex: '#f9fafb' },
  { name: 'gris', hex: '#9ca3af' },
  { name: 'beige', hex: '#d6c4a8' },
  { name: 'azul marino', hex: '#1e3a8a' },
  { name: 'verde oliva', hex: '#65712f' },
  { name: 'burdeos', hex: '#7f1d1d' },
  { name: 'rosa palo', hex: '#f4b6c2' },
  { name: 'marrón', hex: '#7c4a21' },
  { name: 'crema', hex: '#f3e9d2' },
  { name: 'caqui', hex: '#a3a06b' },
  { name: 'azul cielo', hex: '#7dd3fc' },
  { name: 'rojo', hex: '#dc2626' },
  { name: 'mostaza', hex: '#d4a017' },
  { name: 'lila', hex: '#c4b5fd' },
] as const;

export const DESCRIPTION_SIZING = [
  'Talla grande: recomiendo pedir una talla menos.',
  'El tallaje es fiel, pedí mi talla de siempre.',
  'Viene algo justo, mejor pedir una talla más.',
  'Las medidas de la tabla son exactas, merece la pena mirarlas.',
  'Tallas europeas, sin sorpresas.',
];

export const DESCRIPTION_SHIPPING = [
  'Me llegó en 12 días a España.',
  'Envío rápido, unas dos semanas hasta Madrid.',
  'Tardó casi un mes, pero mereció la pena.',
  'Llegó bien empaquetado y sin olores.',
  'El pedido llegó a Valencia en diez días sin aduanas.',
];

export const DESCRIPTION_QUALITY = [
  'Calidad muy buena para el precio.',
  'Costuras limpias y buenos acabados.',
  'El color es igual que en las fotos.',
  'Después de varios lavados sigue como nuevo.',
  'Relación calidad-precio imbatible.',
  'No es perfecto de cerca, pero puesto queda genial.',
];

export const DESCRIPTION_TIPS = [
  'Revisad la guía de tallas antes de comprar.',
  'Está disponible en más colores en el enlace.',
  'Suele bajar de precio los fines de semana.',
  'Pedidlo junto con otras cosas para ahorrar en el envío.',
];

export interface DemoUser {
  username: string;
  name: string;
  biography: string | null;
  coupon: string | null;
  /** The background of the drawn avatar; every demo person has one. */
  avatarColour: string;
  /** How often this person uploads, relative to the others (0: only reviews and favourites). */
  uploads: number;
}

export const DEMO_USERS: readonly DemoUser[] = [
  { username: 'lucia.finds', name: 'Lucía Fernández', biography: 'Cazadora de chollos de moda desde Sevilla. Subo lo que compro y os cuento qué tal.', coupon: 'LUCIA10', avatarColour: '#db2777', uploads: 9 },
  { username: 'marcos_drip', name: 'Marcos Ibáñez', biography: 'Sneakerhead. Si tiene suela, lo he probado.', coupon: 'MARCOSDRIP', avatarColour: '#ea580c', uploads: 8 },
  { username: 'nuria.vintage', name: 'Nuria Castellanos', biography: 'Ropa con aire vintage y básicos que duran años.', coupon: null, avatarColour: '#7c3aed', uploads: 6 },
  { username: 'javi_streetwear', name: 'Javier Morales', biography: 'Streetwear, cargos y sudaderas gordas.', coupon: 'JAVI5', avatarColour: '#0f766e', uploads: 6 },
  { username: 'sofia.mdz', name: 'Sofía Méndez', biography: 'Vestidos, faldas y todo lo que tenga flores.', coupon: null, avatarColour: '#be185d', uploads: 5 },
  { username: 'alex_hauls', name: 'Álex Romero', biography: 'Hago hauls cada mes y comparto solo lo que merece la pena.', coupon: 'ALEXHAUL', avatarColour: '#2563eb', uploads: 5 },
  { username: 'paula.looks', name: 'Paula Gutiérrez', biography: null, coupon: null, avatarColour: '#c026d3', uploads: 4 },
  { username: 'dani.kicks', name: 'Daniel Ortega', biography: 'Zapatillas de baloncesto y poco más.', coupon: 'DANIKICKS', avatarColour: '#16a34a', uploads: 4 },
  { username: 'irene_closet', name: 'Irene Navarro', biography: 'Armario cápsula: pocas prendas, bien elegidas.', coupon: null, avatarColour: '#0d9488', uploads: 3 },
  { username: 'sergio.fit', name: 'Sergio Delgado', biography: 'Entreno cinco días a la semana; aquí va la ropa que aguanta.', coupon: 'SERGIOFIT', avatarColour: '#0891b2', uploads: 3 },
  { username: 'carla_mood', name: 'Carla Jiménez', biography: null, coupon: null, avatarColour: '#9333ea', uploads: 3 },
  { username: 'hugo.outdoor', name: 'Hugo Serrano', biography: 'Montaña, lluvia y chaquetas que no calan.', coupon: null, avatarColour: '#4d7c0f', uploads: 2 },
  { username: 'marta.basics', name: 'Marta Rubio', biography: 'Básicos de calidad a buen precio.', coupon: 'MARTA15', avatarColour: '#ca8a04', uploads: 2 },
  { username: 'pablo_finds', name: 'Pablo Molina', biography: null, coupon: null, avatarColour: '#b45309', uploads: 2 },
  { username: 'elena.chic', name: 'Elena Ramos', biography: 'Bolsos, gafas y complementos.', coupon: null, avatarColour: '#4f46e5', uploads: 2 },
  { username: 'raul_denim', name: 'Raúl Herrera', biography: 'Obsesionado con el denim japonés (y sus imitaciones).', coupon: 'RAULDENIM', avatarColour: '#1e40af', uploads: 1 },
  { username: 'ines.shoes', name: 'Inés Vidal', biography: null, coupon: null, avatarColour: '#0369a1', uploads: 1 },
  { username: 'adrian.cnf', name: 'Adrián Castro', biography: 'Pido casi todo por agente; pregunto lo que haga falta.', coupon: null, avatarColour: '#65a30d', uploads: 0 },
  { username: 'laura_low', name: 'Laura Domínguez', biography: null, coupon: null, avatarColour: '#e11d48', uploads: 0 },
  { username: 'mateo.hunt', name: 'Mateo Sanz', biography: 'Solo miro, de momento.', coupon: null, avatarColour: '#be123c', uploads: 0 },
];

/** Review texts by number of stars. */
export const REVIEW_TEXTS: Record<1 | 2 | 3 | 4 | 5, readonly string[]> = {
  1: [
    'Nada que ver con las fotos. No lo recomiendo.',
    'Me llegó con una costura abierta y el vendedor no responde.',
    'La talla no corresponde en absoluto.',
  ],
  2: [
    'El tejido es bastante más fino de lo que parece.',
    'Tardó muchísimo y el color es distinto.',
    'Para el precio esperaba algo mejor.',
  ],
  3: [
    'Está bien, sin más. Cumple.',
    'Correcto, aunque el acabado podría ser mejor.',
    'Buena compra si lo pillas de oferta.',
    'La talla es algo rara, pero se puede usar.',
  ],
  4: [
    'Muy buena calidad, solo le falta un pelín de detalle.',
    'Me encanta, aunque tardó en llegar.',
    'Lo uso casi a diario. Recomendado.',
    'Buen producto, la talla es correcta.',
    'Sorprendentemente bien hecho para lo que cuesta.',
  ],
  5: [
    '¡Perfecto! Igual que en las fotos.',
    'Calidad increíble, ya he pedido otro color.',
    'De lo mejor que he comprado este año.',
    'Llegó rapidísimo y la calidad es top.',
    'Me queda genial, gracias por el enlace.',
    'Brutal, todo el mundo me pregunta dónde lo compré.',
  ],
};
