(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-79-75.js"]={"yu":"`cb/","yuanzhi":"uv/","yunfeng":"`cb/","yuxin":"l}/"};
