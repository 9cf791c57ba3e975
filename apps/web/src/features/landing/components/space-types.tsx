import type { ComponentType } from 'react';
import type { TIconProps } from '../../../components/ui/icons.tsx';
import { Section } from '../../../components/ui/section.tsx';
import styles from './landing.module.css';
import { BuildingIcon, CalendarIcon, FactoryIcon, HomeIcon, LandmarkIcon, StoreIcon } from './landing-icons.tsx';

type TSpaceType = { title: string; text: string; examples: string; icon: ComponentType<TIconProps> };

const SPACE_TYPES: readonly TSpaceType[] = [
  {
    title: 'Residential',
    text: 'Homes and apartments for sale or rent, renovations and property management.',
    examples: 'Houses · Apartments · Rentals',
    icon: HomeIcon,
  },
  {
    title: 'Retail',
    text: 'Virtual storefronts, showrooms and layout planning for every location.',
    examples: 'Stores · Showrooms · Malls',
    icon: StoreIcon,
  },
  {
    title: 'Commercial',
    text: 'Offices, hotels and restaurants documented for leasing, facilities and marketing.',
    examples: 'Offices · Hotels · Restaurants',
    icon: BuildingIcon,
  },
  {
    title: 'Industrial',
    text: 'Factories, warehouses and plants captured as survey-grade point clouds and digital twins.',
    examples: 'Factories · Warehouses · Plants',
    icon: FactoryIcon,
  },
  {
    title: 'Public Spaces',
    text: 'Museums, heritage sites, campuses and civic buildings preserved and shared online.',
    examples: 'Museums · Heritage · Campuses',
    icon: LandmarkIcon,
  },
  {
    title: 'Events',
    text: 'Venues, exhibitions and stages planned and promoted with immersive walkthroughs.',
    examples: 'Venues · Exhibitions · Stages',
    icon: CalendarIcon,
  },
];

export function SpaceTypes() {
  return (
    <Section
      eyebrow="Spaces We Capture"
      title="Any space, any size"
      intro="From a studio apartment to a factory floor, our providers capture every kind of space."
    >
      <ul className={`${styles.cards} ${styles.cardList}`}>
        {SPACE_TYPES.map(({ title, text, examples, icon: Icon }) => (
          <li key={title} className={styles.card}>
            <span className={styles.cardIcon}>
              <Icon />
            </span>
            <h3 className={styles.cardTitle}>{title}</h3>
            <p className={styles.cardText}>{text}</p>
            <p className={styles.cardExamples}>{examples}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
