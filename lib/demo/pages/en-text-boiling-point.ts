// Hand-written plain-text results for one query, as a search API or a crawler that already stripped HTML would
// return them: one encyclopedic, one forum thread, one cooking page with share/subscribe boilerplate.
export const EN_TEXT_BOILING_POINT_RESULTS = [
  {
    title: "Boiling point – Open Physics Notes",
    url: "https://notes.example.org/physics/boiling-point",
    text: `# Boiling point

The boiling point of a liquid is the temperature at which its vapour pressure equals the pressure of the surrounding
atmosphere.

## Effect of altitude

Atmospheric pressure falls as altitude increases, so water boils at a lower temperature in the mountains. As a rule of
thumb, the boiling point of water drops by about 1 °C for every 300 metres of elevation. At sea level water boils at
100 °C; at 1,500 m it boils at roughly 95 °C, at 3,000 m at about 90 °C, and on the summit of Mount Everest at only
about 70 °C.

## See also

- Vapour pressure
- Pressure cooker
- Clausius–Clapeyron relation`,
  },
  {
    title: "Why does my pasta take forever at the cabin? : r/AskCooking",
    url: "https://forum.example.com/r/AskCooking/comments/8x2k1/",
    text: `Posted by u/trailmix_tom · 3y ago

Why does my pasta take forever at the cabin?

We have a cabin at about 2,400 m and pasta always needs 4-5 extra minutes. Is the water not really boiling?

142 comments · Share · Save · Report

u/saucier_sam · 3y ago
It's boiling, just at a lower temperature. At your elevation water boils around 92 °C, so everything cooks slower. Put a lid on and add a couple of minutes.

u/hikerbeth · 3y ago
This is also why a pressure cooker is basically mandatory up there for beans.

u/[deleted] · 3y ago
lol same at my in-laws in Colorado

Sort by: Best · Top · New · Controversial`,
  },
  {
    title: "High-altitude cooking: 7 tips that actually work | HomeKitchen Daily",
    url: "https://homekitchen.example.com/high-altitude-cooking-tips",
    text: `HomeKitchen Daily
Recipes · Techniques · Gear · Shop

High-altitude cooking: 7 tips that actually work

By Lena Ortiz | Updated June 2, 2024 | This post may contain affiliate links.

If you live above 900 m (3,000 ft), you've probably noticed that recipes don't behave the way they should. Water boils at a lower temperature as you go up — in Denver, at about 1,600 m, it boils at roughly 95 °C (203 °F) — so boiled and simmered foods need more time.

1. Add time, not heat. Turning up the burner won't make the water hotter once it boils.
2. Use a lid to reach the boil faster and save energy.
3. Cut back on baking powder by about a quarter in cakes.

Share this article: Facebook · Pinterest · Email

Subscribe to our newsletter for weekly recipes! Enter your email

You might also like: 15 One-Pot Dinners · The Best Dutch Ovens of 2024

© 2024 HomeKitchen Daily. All rights reserved. Privacy · Terms · Do Not Sell My Personal Information`,
  },
] as const;
