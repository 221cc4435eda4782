(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-r151.js"]=[["helpers/download.html","Tiny Shakespeare","tiny_shakespeare-6","Tiny Shakespeare を探す、またはダウンロードする","","path"]];
