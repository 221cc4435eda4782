(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-r151.js"]=[["helpers/download.html","Tiny Shakespeare","tiny_shakespeare-6","查找或下载 Tiny Shakespeare","","path"]];
