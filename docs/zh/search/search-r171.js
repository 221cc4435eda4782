(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-r171.js"]=[["helpers/download.html","Tiny Shakespeare",12,"查找或下载 Tiny Shakespeare","","path"]];
