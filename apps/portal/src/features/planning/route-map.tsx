import type { LonLat, RoutePlan } from '@hoppa/core';
import { Box, Center, Loader, Text } from '@mantine/core';
import { type GeoPermissibleObjects, geoMercator, geoPath } from 'd3-geo';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feature } from 'topojson-client';
import worldUrl from 'world-atlas/countries-50m.json?url';
import {
  agentName,
  mercatorScale,
  routeColour,
  START_CENTRE,
  START_ZOOM,
  spreadOverlaps,
} from './route-plan.rules.ts';

/** The map's drawing size in SVG units; the SVG scales to the column's width. */
const WIDTH = 800;
const HEIGHT = 560;
/** Room around the routes when the map zooms to a plan, SVG units. */
const PADDING = 36;
/** Radius of a stop's numbered dot and how far stops at one place are spread, SVG units. */
const DOT = 8;

type Topo = Parameters<typeof feature>[0] & { objects: { countries: Parameters<typeof feature>[1] } };
type Countries = { features: { id?: string | number; geometry: GeoPermissibleObjects }[] };

let borders: Promise<Countries> | null = null;

/**
 * The countries' borders of Natural Earth 1:50m (world-atlas, public domain), fetched once from the portal's own
 * assets when the map is first drawn: no tile server, the map works offline.
 */
function loadBorders(): Promise<Countries> {
  borders ??= fetch(worldUrl)
    .then((r) => r.json() as Promise<Topo>)
    .then((topo) => feature(topo, topo.objects.countries) as unknown as Countries)
    .catch((err: unknown) => {
      borders = null;
      throw err;
    });
  return borders;
}

/** ISO 3166-1 numeric code of the Netherlands in Natural Earth's ids: drawn a shade darker. */
const NL_ID = '528';

/**
 * The route plan's map (spec 3 §2 Route plan map): the countries drawn offline in Mercator, centred on the Netherlands
 * at zoom 5 until a plan comes, then fitted to its routes; each agent's route as a line in its colour (5 colours
 * cycling), its stops as numbered dots and the warehouse as a dark square.
 */
export function RouteMap({ plan }: { plan: RoutePlan | null }): ReactNode {
  const { t } = useTranslation('planning');
  const [countries, setCountries] = useState<Countries | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    loadBorders().then(
      (c) => live && setCountries(c),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  const projection = useMemo(() => {
    const p = geoMercator();
    const points: LonLat[] = plan
      ? [plan.depot.location, ...plan.features.flatMap((f) => f.geometry.coordinates)]
      : [];
    if (points.length > 1)
      return p.fitExtent(
        [
          [PADDING, PADDING],
          [WIDTH - PADDING, HEIGHT - PADDING],
        ],
        { type: 'MultiPoint', coordinates: points },
      );
    return p
      .scale(mercatorScale(START_ZOOM))
      .center(START_CENTRE)
      .translate([WIDTH / 2, HEIGHT / 2]);
  }, [plan]);
  const path = useMemo(() => geoPath(projection), [projection]);
  const at = (l: LonLat) => (projection(l) ?? [0, 0]) as [number, number];

  const stops = plan
    ? plan.features.flatMap((f) =>
        f.properties.waypoints.slice(1).map((w, i) => ({ f, w, n: i + 1, xy: at(w.location) })),
      )
    : [];
  const spread = spreadOverlaps(
    stops.map((s) => s.xy),
    DOT * 1.6,
  );
  const depot = plan ? at(plan.depot.location) : null;

  return (
    <Box
      pos="relative"
      style={{ borderRadius: 8, overflow: 'hidden', border: '1px solid var(--mantine-color-gray-3)' }}
    >
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        role="img"
        aria-label={t('mapLabel')}
        data-testid="route-map"
        style={{ display: 'block', background: '#dbe9f4' }}
      >
        {countries?.features.map((c, i) => (
          <path
            key={String(c.id ?? i)}
            d={path(c.geometry) ?? ''}
            fill={String(c.id) === NL_ID ? '#f4f1e8' : '#e7e4dc'}
            stroke="#b9b3a5"
            strokeWidth={0.8}
          />
        ))}
        {plan?.features.map((f) => (
          <path
            key={f.properties.agent_id}
            data-testid="route-line"
            d={path({ type: 'LineString', coordinates: f.geometry.coordinates }) ?? ''}
            fill="none"
            stroke={routeColour(f.properties.agent_index)}
            strokeWidth={3}
            strokeLinejoin="round"
            strokeOpacity={0.85}
          />
        ))}
        {stops.map((s, i) => {
          const [x, y] = spread[i] as [number, number];
          return (
            <g key={`${s.f.properties.agent_id}-${s.n}`} data-testid="route-stop">
              <title>
                {t('stopTitle', {
                  n: s.n,
                  agent: agentName(s.f.properties.agent_id, t('agent')),
                  label: s.w.label,
                })}
              </title>
              <circle
                cx={x}
                cy={y}
                r={DOT}
                fill={routeColour(s.f.properties.agent_index)}
                stroke="#fff"
                strokeWidth={1.5}
              />
              <text x={x} y={y} dy="0.35em" textAnchor="middle" fontSize={9} fontWeight={700} fill="#fff">
                {s.n}
              </text>
            </g>
          );
        })}
        {depot && plan && (
          <g data-testid="route-depot">
            <title>{`${t('depot')}: ${plan.depot.label}`}</title>
            <rect
              x={depot[0] - 9}
              y={depot[1] - 9}
              width={18}
              height={18}
              rx={3}
              fill="#1f2933"
              stroke="#fff"
              strokeWidth={2}
            />
            <text
              x={depot[0] + 14}
              y={depot[1]}
              dy="0.35em"
              fontSize={13}
              fontWeight={700}
              fill="#1f2933"
              stroke="#fff"
              strokeWidth={3}
              paintOrder="stroke"
            >
              {t('depot')}
            </text>
          </g>
        )}
      </svg>
      {!countries && (
        <Center pos="absolute" inset={0}>
          {failed ? (
            <Text c="dimmed">{t('mapFailed')}</Text>
          ) : (
            <Loader size="sm" aria-label={t('mapLoading')} />
          )}
        </Center>
      )}
    </Box>
  );
}
