(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-6a.js"]={"j":"nd/ok+sf/yk/kf/oGld/nb;d=-91/d/mg;};ng//wb+wSm;cSe/k;/i/7+"};
