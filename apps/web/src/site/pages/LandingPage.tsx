import { CtaBanner } from '../CtaBanner';
import { FaqSection } from '../landing/FaqSection';
import { FeaturesSection } from '../landing/FeaturesSection';
import { Hero } from '../landing/Hero';
import { PricingSection } from '../landing/PricingSection';
import { WhySection } from '../landing/WhySection';

export function LandingPage() {
  return (
    <>
      <Hero />
      <WhySection />
      <FeaturesSection />
      <PricingSection />
      <FaqSection />
      <CtaBanner
        title="Give your volunteers their weekends back"
        description="Set up in 15 minutes. Free forever for small clubs, with a 30-day Premium trial and no credit card required."
      />
    </>
  );
}
