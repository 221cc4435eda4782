(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-3f5.js"]={"ϵ":"abSm//`/rG`//`/lb/pi/xa//lhG`;o/n/mb/`;g/eb/`;g/c/`;f/tG`;f/tG`/p;d;`/rGn/u/w/~;l//abG`/`;;`;f//n;n/xh/}a/"};
