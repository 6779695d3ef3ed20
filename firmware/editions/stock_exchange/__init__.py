# The Stock Exchange central computer: the market, its forms and its screens.
