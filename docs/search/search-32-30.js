(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-32-30.js"]={"2016":"~o/","2018":"xp/`/","2019":"xp/sh/","2020":"~o/","2021":"pl/|k/","2048":"tp/"};
