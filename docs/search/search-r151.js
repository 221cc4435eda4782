(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-r151.js"]=[["helpers/download.html","Tiny Shakespeare","tiny_shakespeare-6","Find or download Tiny Shakespeare","","path"]];
