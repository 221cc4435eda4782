(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-r63.js"]=[["helpers/download.html","Tiny Shakespeare",12,"查找或下载 Tiny Shakespeare","","path"]];
